import type { MenuGroup, TypeOfOffence } from '@contract';
import {
  accounts,
  complaints,
  menusByUserType,
  notifications,
  typeOfOffences,
  type FixtureAccount,
  type FixtureComplaint,
  type FixtureNotification,
  type UserTypeKey,
} from '@fixtures';
import { memoryPersistence, type MockDbPersistence } from './db-persistence';

export interface MockDbState {
  accounts: FixtureAccount[];
  complaints: FixtureComplaint[];
  notifications: FixtureNotification[];
  typeOfOffences: TypeOfOffence[];
  menusByUserType: Record<UserTypeKey, MenuGroup[]>;
  /** Signed-out tokens; kept here so a reload does not bring them back to life. */
  revokedTokens: string[];
  issuedTokenCount: number;
}

/** Bump when the state's shape changes, so an older snapshot in the tab is dropped. */
const SNAPSHOT_VERSION = 1;

interface Snapshot {
  version: number;
  state: MockDbState;
}

function seed(): MockDbState {
  return structuredClone({
    accounts: [...accounts],
    complaints: [...complaints],
    notifications: [...notifications],
    typeOfOffences: [...typeOfOffences],
    menusByUserType,
    revokedTokens: [],
    issuedTokenCount: 0,
  });
}

let persistence: MockDbPersistence = memoryPersistence();
let state: MockDbState | null = null;

function restore(): MockDbState {
  const saved = persistence.load();
  if (saved) {
    try {
      const snapshot = JSON.parse(saved) as Snapshot;
      if (snapshot.version === SNAPSHOT_VERSION) return snapshot.state;
    } catch {
      // A damaged snapshot is not worth an error page: start again from the fixtures.
    }
  }
  return seed();
}

/** Chooses where state survives; the state is re-read from there on next use. */
export function setMockDbPersistence(next: MockDbPersistence): void {
  persistence = next;
  state = null;
}

/** The current state, for reading. Change it through `updateMockDb` so it is saved. */
export function mockDb(): Readonly<MockDbState> {
  state ??= restore();
  return state;
}

export function updateMockDb<T>(change: (db: MockDbState) => T): T {
  state ??= restore();
  const result = change(state);
  const snapshot: Snapshot = { version: SNAPSHOT_VERSION, state };
  persistence.save(JSON.stringify(snapshot));
  return result;
}

/** Back to the fixture data set, forgetting every change and signed-out token. */
export function resetMockDb(): void {
  persistence.clear();
  state = seed();
}
