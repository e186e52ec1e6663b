import type {
  AuditEvent,
  ClaimRecordDetail,
  Contract,
  Formula,
  ImageContentType,
  Organization,
  Persona,
  Reference,
  ReferenceListKey,
  TypeOfOffence,
} from '@contract';
import {
  accounts,
  ACCOUNTS_CREATED_AT,
  ACCOUNT_TYPE_ID,
  accountTypes,
  archiveComplaints,
  claimRecords,
  complaints,
  contracts,
  formulas,
  INVOICE_COUNTERS,
  grantsByUserType,
  notifications,
  organizations,
  organizationTypes,
  personas,
  positions,
  typeOfOffences,
  userTypeByKey,
  userTypes,
  zones,
  type FixtureAccount,
  type FixtureGrants,
  type FixtureNotification,
  type UserTypeKey,
} from '@fixtures';
import type { PhotoMetadata } from '@contract/evidence';
import type { AuditRecord, CodePurpose, Mail, StoredSavedView } from '@domain';
import { storedComplaint, type StoredComplaint } from './complaint-rows';

/** Single-use secrets mailed or handed to a user; `usedAt` is also set when a newer one replaces it. */
export interface AccountCode {
  purpose: CodePurpose;
  accountId: number;
  code: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  /** Wrong guesses of a 6-digit code. */
  attempts: number;
}

/** An upload; `url` is a data: URL, shown like any address and kept across a reload of the tab. */
export interface StoredFile {
  id: string;
  ownerId: number;
  contentType: ImageContentType;
  sizeBytes: number;
  url: string;
  createdAt: string;
  /** SHA-256 of the bytes as uploaded, hex. */
  sha256: string;
  /** What the photo said about itself (read with exifr, as the server does). */
  metadata: PhotoMetadata;
}

/** A mail "sent" by the mock API, as the server keeps it in its outbox table: kept, never sent (no SMTP). */
export type OutboxMail = Mail & { id: number; shownText: string; createdAt: string; sentAt: string | null; error: string | null };

/** A signed-in session, as the server's sessions table keeps it. */
export interface MockSession {
  id: string;
  token: string;
  accountId: number;
  expiresAt: string;
  revoked: boolean;
  userAgent: string | null;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  /** When the session answered a second factor; null: the password alone (issue 45). */
  secondFactorAt?: string | null;
}

/** An audit event as the server's table keeps it: the actor copied. */
export type StoredAuditEvent = AuditRecord & Pick<AuditEvent, 'id' | 'at' | 'ip'> & { actorId: number; actorEmail: string };

/** The catalogues of domain/catalogues.ts, each a table of rows by id. */
/** Account and user types keep the product's stable `key` (null for those made later), as their tables do. */
type Keyed = Reference & { key?: string | null };

export interface Catalogues extends Record<ReferenceListKey, Keyed[]> {
  'type-of-offences': TypeOfOffence[];
  organizations: Organization[];
  personas: Persona[];
  formulas: Formula[];
}
export type CatalogueKey = keyof Catalogues;

/** A user as the server's users table keeps it: the person, their name and profile, is its persona. */
export type StoredAccount = Omit<FixtureAccount, 'fullName' | 'phone' | 'userProfile' | 'userType' | 'userTypeKey'> & {
  personaId: number;
  userTypeId: number;
  /** When an administrator invited the user; null for a self-registration. */
  invitedAt: string | null;
  createdAt: string;
};

/** A claim record without what its contract and organisation say of it today. */
export type StoredClaimRecord = Omit<ClaimRecordDetail, 'contract' | 'organization' | 'lineCount'> & { contractId: number };

export interface MockDbState {
  accounts: StoredAccount[];
  complaints: StoredComplaint[];
  notifications: FixtureNotification[];
  catalogues: Catalogues;
  /** Contracts with their rates, as the contracts and contract_rates tables keep them. */
  contracts: Contract[];
  /** Claim records as the claim tables keep them: the record's own fields and its lines. */
  claimRecords: StoredClaimRecord[];
  /** The last invoice sequence handed out, by year. */
  invoiceCounters: Record<number, number>;
  audit: StoredAuditEvent[];
  /** The privilege matrix: by user type id, menu item key → allowed actions. */
  grants: Record<number, FixtureGrants>;
  accountCodes: AccountCode[];
  /** Uploads; fixture attachments name fixture pictures, which are not listed here. */
  files: StoredFile[];
  /** The last id each kind of record took: like the server's sequences, never handed out twice. */
  sequences: Record<'complaint' | 'attachment' | 'statusHistory' | 'notification' | 'audit' | 'mail' | 'savedView', number>;
  outbox: OutboxMail[];
  /** Throttle counters by key, e.g. `signIn:account:ana@example.com`, for one fixed window. */
  throttle: Record<string, { windowStart: number; hits: number }>;
  sessions: MockSession[];
  /** Second factors by account id, as the user_second_factors table keeps them (the mocks need no key: nothing leaves the tab). */
  secondFactors: Record<number, MockSecondFactor>;
  /** Saved views of lists, as the saved_views table keeps them. */
  savedViews: StoredSavedView[];
  /** The last check of the audit trail's hash chain (chain_heads' verified_* columns). */
  auditChainCheck: { at: string; seq: number } | null;
  /** Writes made under an Idempotency-Key, by `userId:key`, as the idempotent_writes table keeps them. */
  idempotentWrites: Record<string, { fingerprint: string; keptAt: string; status: number; answer: unknown }>;
}

/** A user's second factor: the secret in use, a new one awaiting its code, the last step used, unused recovery codes (normalized). */
export interface MockSecondFactor {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: string | null;
  lastUsedStep: number | null;
  recoveryCodes: string[];
}

/** Bump when the state's shape changes, so an older snapshot in the tab is dropped. */
const SNAPSHOT_VERSION = 24;

const references = (rows: readonly Keyed[]): Keyed[] => rows.map((row) => ({ ...row }));

const lastId = (ids: number[]) => Math.max(0, ...ids);

function seed(): MockDbState {
  return structuredClone({
    accounts: accounts.map(({ fullName: _name, phone: _phone, userProfile: _profile, userType, userTypeKey: _key, ...account }) => ({
      ...account,
      personaId: account.id,
      userTypeId: userType.id,
      invitedAt: null,
      createdAt: ACCOUNTS_CREATED_AT,
    })),
    complaints: complaints.map(storedComplaint),
    notifications: [...notifications],
    catalogues: {
      'account-types': references(accountTypes),
      'user-types': references(userTypes),
      positions: references(positions),
      zones: references(zones),
      'organization-types': references(organizationTypes),
      'type-of-offences': [...typeOfOffences],
      organizations: [...organizations],
      personas: [...personas],
      formulas: [...formulas],
    },
    contracts: [...contracts],
    claimRecords: claimRecords.map(({ contract, organization: _organization, lineCount: _count, ...r }) => ({
      ...r,
      contractId: contract.id,
    })),
    invoiceCounters: { ...INVOICE_COUNTERS },
    audit: [],
    grants: Object.fromEntries(Object.entries(grantsByUserType).map(([key, grants]) => [userTypeByKey[key as UserTypeKey].id, grants])),
    accountCodes: [],
    files: [],
    sequences: {
      complaint: lastId(complaints.map((c) => c.id)),
      attachment: lastId(complaints.flatMap((c) => [...c.complaintAttachments, ...c.justificationAttachments].map((a) => a.id))),
      statusHistory: lastId(complaints.flatMap((c) => c.statusHistory.map((h) => h.id))),
      notification: lastId(notifications.map((n) => n.id)),
      audit: 0,
      mail: 0,
      savedView: 0,
    },
    outbox: [],
    throttle: {},
    sessions: [],
    secondFactors: {},
    savedViews: [],
    auditChainCheck: null,
    idempotentWrites: {},
  });
}

/** Where the state survives a reload: the tab's sessionStorage in the browser; nowhere in Node. */
let storage: { area: Storage; key: string } | null = null;
let state: MockDbState | null = null;
let warned = false;

function restore(): MockDbState {
  try {
    const snapshot = JSON.parse(storage?.area.getItem(storage.key) ?? 'null') as { version: number; state: MockDbState } | null;
    if (snapshot?.version === SNAPSHOT_VERSION) return snapshot.state;
  } catch {
    // A damaged snapshot is not worth an error page: start again from the fixtures.
  }
  return seed();
}

/** Chooses where state survives (null: memory only); the state is re-read from there on next use. */
export function setMockDbStorage(area: Storage | null, key = 'complaint-desk-mock-db'): void {
  storage = area && { area, key };
  warned = false;
  state = null;
}

/** The current state, for reading. Change it through `updateMockDb` so it is saved. */
export function mockDb(): Readonly<MockDbState> {
  return (state ??= restore());
}

/**
 * Changes the state and saves it. The store has no transactions: what a change did before it
 * threw stays in memory (a refused code's counted try), so it is saved all the same, and a
 * reload finds what the next call would. Handlers decide before they change anything else.
 */
export function updateMockDb<T>(change: (db: MockDbState) => T): T {
  try {
    return change((state ??= restore()));
  } finally {
    save();
  }
}

function save() {
  try {
    storage?.area.setItem(storage.key, JSON.stringify({ version: SNAPSHOT_VERSION, state }));
  } catch (error) {
    // Uploaded images can outgrow the tab's few megabytes: carry on from memory rather than
    // fail every call; a reload finds the last copy that fitted.
    if (!warned) console.warn('Mock db too large for sessionStorage; changes will not survive a reload.', error);
    warned = true;
  }
}

/** Back to the fixture data set, forgetting every change and session, as the server's reset does. */
export function resetMockDb(): void {
  storage?.area.removeItem(storage.key);
  state = seed();
}

/** The privileges of an account's user type (none for a type the matrix never mentions). */
export const grantsOf = (db: Readonly<MockDbState>, account: Pick<StoredAccount, 'userTypeId'>) => db.grants[account.userTypeId] ?? {};

/** The stable key of a user type, for the rules that name one (null for types made later). */
export const userTypeKeyOf = (db: Readonly<MockDbState>, userTypeId: number) =>
  db.catalogues['user-types'].find((t) => t.id === userTypeId)?.key ?? null;

/** A catalogue's records by id → name (a persona's full name), as exports name chosen records. */
export const namesIn = (db: Readonly<MockDbState>, catalogue: CatalogueKey) =>
  new Map(
    (db.catalogues[catalogue] as { id: number; name?: string; fullName?: string }[]).map((r) => [r.id, String(r.name ?? r.fullName)]),
  );

/** The person behind an account. */
export const personaOf = (db: Readonly<MockDbState>, account: Pick<StoredAccount, 'personaId'>) =>
  db.catalogues.personas.find((p) => p.id === account.personaId)!;

/** Active users of a contractor organisation: whom its notices go to. */
export const contractorUserIds = (db: Readonly<MockDbState>, organizationId: number) =>
  db.accounts
    .filter(
      (a) =>
        a.status === 'active' &&
        personaOf(db, a).organizationId === organizationId &&
        personaOf(db, a).accountTypeId === ACCOUNT_TYPE_ID.contractor,
    )
    .map((a) => a.id);

/** The account that holds this e-mail, whatever its case. */
export const accountByEmail = (db: Readonly<MockDbState>, email: string) =>
  db.accounts.find((a) => a.email.toLowerCase() === email.toLowerCase());

/** Adds the first `count` archive complaints of the fixtures, as the server's test hook does. */
export function addArchiveComplaints(count: number): void {
  updateMockDb((db) => db.complaints.push(...archiveComplaints(count).map(storedComplaint)));
}
