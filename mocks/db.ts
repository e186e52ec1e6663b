import type { ImageContentType, TypeOfOffence } from '@contract';
import {
  accounts,
  complaints,
  grantsByUserType,
  notifications,
  typeOfOffences,
  type FixtureAccount,
  type FixtureComplaint,
  type FixtureGrants,
  type FixtureNotification,
  type UserTypeKey,
} from '@fixtures';
import type { CodePurpose } from '@domain';
import { memoryPersistence, type MockDbPersistence } from './db-persistence';

/** Single-use secrets mailed or handed to a user; times are ISO strings. */
export interface AccountCode {
  purpose: CodePurpose;
  accountId: number;
  code: string;
  createdAt: string;
  expiresAt: string;
  /** Also set when a newer code replaces this one, so it stops working. */
  usedAt: string | null;
  /** Wrong guesses of a 6-digit code. */
  attempts: number;
}

/** An image a user uploaded; `url` is a data: URL so the image survives a reload of the tab. */
export interface StoredFile {
  id: string;
  ownerId: number;
  contentType: ImageContentType;
  sizeBytes: number;
  url: string;
  createdAt: string;
}

/** A message "sent" by the mock API: what the server keeps in its outbox table. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The last id each kind of record took; like the server's sequences, never handed out twice. */
export interface MockSequences {
  complaint: number;
  attachment: number;
  statusHistory: number;
  notification: number;
}

/** Hits of one throttle key within one fixed window. */
export interface ThrottleCounter {
  windowStart: number;
  hits: number;
}

/** A signed-in session, as the server's sessions table keeps it. */
export interface MockSession {
  token: string;
  accountId: number;
  expiresAt: string;
  revoked: boolean;
}

export interface MockDbState {
  accounts: FixtureAccount[];
  complaints: FixtureComplaint[];
  notifications: FixtureNotification[];
  typeOfOffences: TypeOfOffence[];
  /** The privilege matrix: by user type, menu item key → allowed actions. */
  grants: Record<UserTypeKey, FixtureGrants>;
  accountCodes: AccountCode[];
  /** Uploads; fixture attachments name fixture pictures, which are not listed here. */
  files: StoredFile[];
  sequences: MockSequences;
  outbox: OutboxMail[];
  /** By key, e.g. `sign-in:ana@example.com`. */
  throttle: Record<string, ThrottleCounter>;
  /** Kept with the rest, so a reload of the tab keeps who is signed in and who signed out. */
  sessions: MockSession[];
}

/** Bump when the state's shape changes, so an older snapshot in the tab is dropped. */
const SNAPSHOT_VERSION = 6;

interface Snapshot {
  version: number;
  state: MockDbState;
}

const lastId = (ids: number[]) => Math.max(0, ...ids);

function seed(): MockDbState {
  return structuredClone({
    accounts: [...accounts],
    complaints: [...complaints],
    notifications: [...notifications],
    typeOfOffences: [...typeOfOffences],
    grants: grantsByUserType,
    accountCodes: [],
    files: [],
    sequences: {
      complaint: lastId(complaints.map((c) => c.id)),
      attachment: lastId(
        complaints.flatMap((c) =>
          [...c.complaintAttachments, ...c.justificationAttachments].map((a) => a.id),
        ),
      ),
      statusHistory: lastId(complaints.flatMap((c) => c.statusHistory.map((h) => h.id))),
      notification: lastId(notifications.map((n) => n.id)),
    },
    outbox: [],
    throttle: {},
    sessions: [],
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

/** Back to the fixture data set, forgetting every change and session, as the server's reset does. */
export function resetMockDb(): void {
  persistence.clear();
  state = seed();
}

/** The account that holds this e-mail, whatever its case. */
export function accountByEmail(
  db: Readonly<MockDbState>,
  email: string,
): FixtureAccount | undefined {
  const wanted = email.toLowerCase();
  return db.accounts.find((account) => account.email.toLowerCase() === wanted);
}
