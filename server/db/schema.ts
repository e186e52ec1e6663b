/**
 * The whole domain of PRODUCT.md. Constraints live here, not only in the API: the database
 * refuses what the product forbids (qty < 0, an unknown status, a second e-mail).
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, type Preferences } from '../../contract/account-rules';
import type { InvoiceParties } from '../../contract/claim-records';
import type { PhotoMetadata } from '../../contract/evidence';
import {
  type AnyPgColumn,
  type PgColumnBuilderBase,
  bigint,
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// BY DEFAULT, so the seed can keep the fixture ids (sequences are moved past them after).
const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const isActive = () => boolean().notNull().default(true);

/* Reference lists */

/**
 * The reference lists of PRODUCT.md "Administration": code, name, description, active; names
 * and codes unique whatever their case. `key` (account and user types) is how the product's
 * rules name the seeded rows, and never changes; administrators edit the rest.
 */
const referenceList = <N extends string, E extends Record<string, PgColumnBuilderBase>>(name: N, extra: E) =>
  pgTable(
    name,
    {
      id: id(),
      code: text().notNull(),
      name: text().notNull(),
      description: text().notNull().default(''),
      isActive: isActive(),
      ...extra,
    },
    (t) => [
      uniqueIndex(`${name}_code_lower_key`).on(sql`lower(${t.code})`),
      uniqueIndex(`${name}_name_lower_key`).on(sql`lower(${t.name})`),
    ],
  );

/** Type of account (SPEC `userProfile.typeId`): Authority, Contractor, Administrator, … */
export const accountTypes = referenceList('account_types', { key: text().unique() });

/** The role privileges hang on. */
export const userTypes = referenceList('user_types', { key: text().unique() });

export const positions = referenceList('positions', {});
export const zones = referenceList('zones', {});
export const organizationTypes = referenceList('organization_types', {});

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text().notNull(),
    registrationNo: text().notNull(),
    organizationTypeId: integer()
      .notNull()
      .references(() => organizationTypes.id),
    zoneId: integer().references(() => zones.id),
    address: text().notNull().default(''),
    contactEmail: text(),
    contactPhone: text(),
    isActive: isActive(),
  },
  (t) => [
    uniqueIndex('organizations_name_lower_key').on(sql`lower(${t.name})`),
    uniqueIndex('organizations_registration_no_lower_key').on(sql`lower(${t.registrationNo})`),
  ],
);

/* People and accounts */

/** The person behind an account; a user's `userProfile`. */
export const personas = pgTable(
  'personas',
  {
    id: id(),
    fullName: text().notNull(),
    staffNo: text(),
    phone: text(),
    accountTypeId: integer()
      .notNull()
      .references(() => accountTypes.id),
    positionId: integer().references(() => positions.id),
    zoneId: integer().references(() => zones.id),
    organizationId: integer().references(() => organizations.id),
    isActive: isActive(),
  },
  (t) => [uniqueIndex('personas_staff_no_lower_key').on(sql`lower(${t.staffNo})`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    userTypeId: integer()
      .notNull()
      .references(() => userTypes.id),
    personaId: integer()
      .notNull()
      .unique()
      .references(() => personas.id),
    imageFileId: uuid().references((): AnyPgColumn => files.id),
    status: text({ enum: ['pending', 'active', 'disabled'] })
      .notNull()
      .default('pending'),
    /** The user's own settings (contract `Preferences`), applied at each sign-in. */
    preferences: jsonb().$type<Preferences>().notNull().default(DEFAULT_PREFERENCES),
    /** When an administrator invited the user; null for a self-registration. */
    invitedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_image_file_idx').on(t.imageFileId),
    check('users_status_check', sql`${t.status} in ('pending', 'active', 'disabled')`),
  ],
);

/** A signed-in session. Only the token's SHA-256 is kept, so a leaked table signs no one in. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Where it signed in from, for the profile's list of sessions. */
    userAgent: text(),
    address: text(),
    /** When this session answered a second factor (at sign-in or since); null: the password alone (issue 45). */
    secondFactorAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * When each session was last seen, written at most once a minute. Apart from `sessions`, whose
 * changes tell every process to drop its cached sessions (migration 0015): this table tells none.
 */
export const sessionActivity = pgTable('session_activity', {
  sessionId: uuid()
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * A user's second factor (issue 30): the TOTP secret, sealed with the server's key
 * (services/second-factor-key.ts), never in the clear; a new one waits in `pendingSecret`
 * until a code confirms it. Recovery codes are kept as SHA-256 hashes and removed when used.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text(),
  pendingSecret: text(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The 30-second step of the last code used: a code counts once. */
  lastUsedStep: bigint({ mode: 'number' }),
  recoveryCodeHashes: text().array().notNull().default(sql`'{}'::text[]`),
});

/** Single-use activation links (24 h) and password-reset codes (10 min, 5 tries). */
export const accountCodes = pgTable(
  'account_codes',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({
      enum: ['activation', 'invitation', 'password-reset-otp', 'password-reset-token', 'second-factor-challenge'],
    }).notNull(),
    codeHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_codes_user_purpose_idx').on(t.userId, t.purpose),
    uniqueIndex('account_codes_hash_key').on(t.purpose, t.codeHash),
    check('account_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/** Throttling counters shared by every API process (sign-in, codes). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Writes made under an `Idempotency-Key` (domain/idempotency.ts), per user, kept a day: the
 * row is written in the write's own transaction, so a write and its key commit together, and
 * a second request under the key waits on the first's row, then is answered with its answer.
 */
export const idempotentWrites = pgTable(
  'idempotent_writes',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** SHA-256 (hex) of the request's fingerprint. */
    fingerprint: text().notNull(),
    status: smallint().notNull(),
    /** The first answer's body; null until it is read after the write's commit (then the write's record is answered afresh). */
    answer: jsonb(),
    /** What the write made (the complaint's id, the file's uuid), to answer from if `answer` was never kept. */
    madeId: text().notNull(),
    keptAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_writes_kept_at_idx').on(t.keptAt)],
);

/* Privileges */

export const menuGroups = pgTable('menu_groups', {
  id: id(),
  name: text().notNull().unique(),
  icon: text().notNull(),
  sortOrder: smallint().notNull().default(0),
});

export const menuItems = pgTable('menu_items', {
  id: id(),
  groupId: integer()
    .notNull()
    .references(() => menuGroups.id),
  /** Stable name the server checks against, e.g. `history-complaint`. */
  key: text().notNull().unique(),
  name: text().notNull(),
  url: text().notNull().unique(),
  sortOrder: smallint().notNull().default(0),
});

/** The privilege matrix: for each user type and menu item, the actions allowed. */
export const privileges = pgTable(
  'privileges',
  {
    userTypeId: integer()
      .notNull()
      .references(() => userTypes.id, { onDelete: 'cascade' }),
    menuItemId: integer()
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    canView: boolean().notNull().default(false),
    canCreate: boolean().notNull().default(false),
    canUpdate: boolean().notNull().default(false),
    canDelete: boolean().notNull().default(false),
    canJustify: boolean().notNull().default(false),
    canVerify: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userTypeId, t.menuItemId] })],
);

/* Files */

export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Server-made name under the data folder; never the uploader's name. */
    storageName: text().notNull().unique(),
    contentType: text({ enum: ['image/jpeg', 'image/png', 'image/webp'] }).notNull(),
    sizeBytes: integer().notNull(),
    sha256: text().notNull(),
    /** What the original said about itself when it came (issue 35); null for files uploaded before it was read. */
    metadata: jsonb().$type<PhotoMetadata>(),
    /** Its 64-bit difference hash, 16 hex digits (server/services/photo-metadata.ts); null when none could be made. */
    dhash: text(),
    /**
     * The hash's eight bytes, each tagged with its place (place × 256 + byte): two pictures at
     * most 6 bits apart share at least two, so near ones are found through the GIN index and
     * then measured, not by measuring every file.
     */
    dhashBands: integer().array(),
    createdAt: createdAt(),
  },
  (t) => [
    check('files_size_check', sql`${t.sizeBytes} > 0 and ${t.sizeBytes} <= 5242880`),
    check('files_dhash_check', sql`${t.dhash} ~ '^[0-9a-f]{16}$'`),
    // A user's uploads, for the quota on those not yet attached.
    index('files_owner_created_idx').on(t.ownerId, t.createdAt),
    // The same picture on another complaint, by its hash or by a near one.
    index('files_sha256_idx').on(t.sha256),
    index('files_dhash_bands_idx').using('gin', t.dhashBands),
  ],
);

/* Contracts */

export const formulas = pgTable(
  'formulas',
  {
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** Arithmetic over named variables (qty, rate, contractValue…), checked when saved (domain/formula.ts). */
    expression: text().notNull(),
    isActive: isActive(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('formulas_name_lower_key').on(sql`lower(${t.name})`)],
);

export const typeOfOffences = pgTable(
  'type_of_offences',
  {
    id: id(),
    name: text().notNull(),
    description: text().notNull().default(''),
    defaultRate: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    isActive: isActive(),
  },
  (t) => [
    uniqueIndex('type_of_offences_name_lower_key').on(sql`lower(${t.name})`),
    check('type_of_offences_rate_check', sql`${t.defaultRate} >= 0`),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    contractNo: text().notNull(),
    title: text().notNull(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    zoneId: integer().references(() => zones.id),
    startDate: date().notNull(),
    endDate: date().notNull(),
    /** Money travels as decimal strings and is never a binary float (PRODUCT.md). */
    value: numeric({ precision: 14, scale: 2 }).notNull(),
    formulaId: integer().references(() => formulas.id),
    /** Days a contractor has to justify a complaint from its registration. */
    justificationDays: integer().notNull().default(7),
  },
  (t) => [
    uniqueIndex('contracts_contract_no_lower_key').on(sql`lower(${t.contractNo})`),
    check('contracts_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('contracts_value_check', sql`${t.value} >= 0`),
    check('contracts_justification_days_check', sql`${t.justificationDays} between 1 and 365`),
  ],
);

export const contractRates = pgTable(
  'contract_rates',
  {
    contractId: integer()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    typeOfOffenceId: integer()
      .notNull()
      .references(() => typeOfOffences.id),
    rate: numeric({ precision: 12, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.typeOfOffenceId] }), check('contract_rates_rate_check', sql`${t.rate} >= 0`)],
);

/* Complaints */

export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    refNo: text().notNull().unique(),
    typeOfOffenceId: integer()
      .notNull()
      .references(() => typeOfOffences.id),
    contractId: integer().references(() => contracts.id),
    /** The contractor organisation the complaint is against: what its users may see. */
    organizationId: integer()
      .notNull()
      .references(() => organizations.id),
    createdById: integer()
      .notNull()
      .references(() => users.id),
    dateOfMisconduct: timestamp({ withTimezone: true }).notNull(),
    description: text().notNull(),
    offender: text().notNull(),
    location: text().notNull(),
    qty: integer().notNull(),
    justification: text(),
    status: smallint().notNull().default(1),
    remark: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /**
     * What its photos' findings say (domain/evidence.ts FINDING_FLAGS: 1, a finding anyone who sees
     * it sees; 2, a duplicate on another organisation's complaint), kept by every write that
     * changes its photos or theirs (issue 35).
     */
    evidenceFlags: smallint().notNull().default(0),
    /**
     * When it was fined or waived: its decision's time in the status history, copied here by a
     * trigger (migration 0021) so the dashboard counts hours to decision without reading the history.
     */
    decidedAt: timestamp({ withTimezone: true }),
    /** Where the officer stood when registering it (issue 47), in degrees, with the phone's accuracy in metres: null when not told. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    locationAccuracyM: doublePrecision(),
    /** When a phone made it offline, and on what, to send later (issue 47): null when it was sent as made. */
    madeOfflineAt: timestamp({ withTimezone: true }),
    madeOfflineDevice: text(),
  },
  (t) => [
    check('complaints_qty_check', sql`${t.qty} >= 0`),
    check('complaints_status_check', sql`${t.status} between 1 and 4`),
    // A position is both its degrees, in range, or none; an accuracy only with one.
    check(
      'complaints_position_check',
      sql`(${t.latitude} is null and ${t.longitude} is null and ${t.locationAccuracyM} is null) or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180 and (${t.locationAccuracyM} is null or ${t.locationAccuracyM} >= 0))`,
    ),
    check('complaints_made_offline_check', sql`(${t.madeOfflineAt} is null) = (${t.madeOfflineDevice} is null)`),
    // The few complaints whose photos gave findings, by misconduct: the "with findings" lists and the dashboard's count.
    index('complaints_evidence_idx')
      .on(t.dateOfMisconduct.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.evidenceFlags} <> 0`),
    index('complaints_org_status_idx').on(t.organizationId, t.status),
    // NULLS FIRST is what `order by … desc` means; an index ordered otherwise cannot serve it.
    index('complaints_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The screens' first order: the latest misconduct first.
    index('complaints_misconduct_idx').on(t.dateOfMisconduct.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Every other order the lists offer, ties by id the same way: read forwards or backwards, each
    // serves a page by number, by place (a range from a row's value and id) and the last page.
    ...(['refNo', 'description', 'offender', 'location', 'qty', 'status'] as const).map((column) =>
      index(`complaints_${column === 'refNo' ? 'ref_no' : column}_order_idx`).on(t[column], t.id),
    ),
    // A type of offence in the first order: its page is a range of this index, and its total (to
    // 10,001) is counted along it instead of along every type's rows; with the status last, from
    // the index alone (no row read to test a status filter: 38 → 6 ms at 1,000,000 complaints).
    index('complaints_offence_misconduct_idx').on(
      t.typeOfOffenceId,
      t.dateOfMisconduct.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.status,
    ),
    // `q` looks for a piece of these texts (ILIKE '%…%'): trigram indexes find it without reading every row.
    ...(['refNo', 'description', 'offender', 'location'] as const).map((column) =>
      index(`complaints_${column === 'refNo' ? 'ref_no' : column}_trgm_idx`).using('gin', sql`${t[column]} gin_trgm_ops`),
    ),
  ],
);

export const complaintAttachments = pgTable(
  'complaint_attachments',
  {
    id: id(),
    complaintId: integer()
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['complaint', 'justification'] }).notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    sortOrder: smallint().notNull().default(0),
  },
  (t) => [
    index('complaint_attachments_complaint_idx').on(t.complaintId),
    // Whether an upload is attached (the quota, the clean-up, and each file row's delete).
    index('complaint_attachments_file_idx').on(t.fileId),
    check('complaint_attachments_kind_check', sql`${t.kind} in ('complaint', 'justification')`),
  ],
);

/** Append-only: a trigger (see the migration) refuses updates. */
export const complaintStatusHistory = pgTable(
  'complaint_status_history',
  {
    id: id(),
    complaintId: integer()
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    fromStatus: smallint(),
    toStatus: smallint().notNull(),
    changedById: integer()
      .notNull()
      .references(() => users.id),
    changedAt: createdAt(),
    text: text().notNull().default(''),
    /*
     * The complaint's hash chain (issue 35, migration 0025), set by a trigger in the writing
     * transaction: the row's place in its complaint's history (1, 2, …), the previous row's hash
     * (64 zeros for the first), and the SHA-256 of both with the row's own content.
     */
    chainSeq: integer().notNull().default(0),
    prevHash: text().notNull().default(''),
    hash: text().notNull().default(''),
  },
  (t) => [
    index('complaint_status_history_complaint_idx').on(t.complaintId),
    check('complaint_status_history_status_check', sql`${t.toStatus} between 1 and 4`),
  ],
);

/*
 * The dashboard's counts (migration 0021): complaints by when their misconduct was (a UTC day,
 * grain 'd', or a UTC month, 'm'), organisation, type of offence and status; and decided ones by
 * their hours to decision. Triggers on complaints keep them in each write's own transaction;
 * `complaint_counts_recompute()` (npm run db:recount) makes them again from the rows. A row's `n`
 * may fall to 0: it stays, and counts nothing.
 */
const grain = () => char({ length: 1, enum: ['d', 'm'] }).notNull();

export const complaintCounts = pgTable(
  'complaint_counts',
  {
    grain: grain(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    organizationId: integer().notNull(),
    typeOfOffenceId: integer().notNull(),
    status: smallint().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.bucket, t.organizationId, t.typeOfOffenceId, t.status] })],
);

export const decisionHours = pgTable(
  'decision_hours',
  {
    grain: grain(),
    bucket: timestamp({ withTimezone: true }).notNull(),
    organizationId: integer().notNull(),
    /** From registration to decision, to the whole hour. */
    hours: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.bucket, t.organizationId, t.hours] })],
);

/* Claims */

export const claimRecords = pgTable(
  'claim_records',
  {
    id: id(),
    contractId: integer()
      .notNull()
      .references(() => contracts.id),
    /** The first day of the month the claim covers. */
    period: date().notNull(),
    status: text({ enum: ['draft', 'issued', 'paid'] })
      .notNull()
      .default('draft'),
    total: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** `INV-YYYY-NNNNNN`, given when issued. */
    invoiceNo: text().unique(),
    issuedOn: date(),
    dueOn: date(),
    paidOn: date(),
    paymentReference: text(),
    /** Issuer and contractor as the invoice names them, kept from the day of issue. */
    parties: jsonb().$type<InvoiceParties>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('claim_records_contract_period_key').on(t.contractId, t.period),
    check('claim_records_status_check', sql`${t.status} in ('draft', 'issued', 'paid')`),
    check('claim_records_issue_check', sql`(${t.status} = 'draft') = (${t.invoiceNo} is null)`),
  ],
);

/** One line of a claim record: what its amount was computed from, kept as it was then. */
export const claimRecordItems = pgTable('claim_record_items', {
  claimRecordId: integer()
    .notNull()
    .references(() => claimRecords.id, { onDelete: 'cascade' }),
  /** A complaint is on one claim record at most. */
  complaintId: integer()
    .primaryKey()
    .references(() => complaints.id),
  position: integer().notNull(),
  refNo: text().notNull(),
  typeOfOffenceId: integer().notNull(),
  typeOfOffenceName: text().notNull(),
  dateOfMisconduct: timestamp({ withTimezone: true }).notNull(),
  qty: integer().notNull(),
  rate: numeric({ precision: 12, scale: 2 }).notNull(),
  expression: text().notNull(),
  repeatCount: integer().notNull(),
  /** The line's amount (the column keeps its first name). */
  amount: numeric('penalty', { precision: 14, scale: 2 }).notNull(),
});

/** The last invoice number handed out in each year. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/* Notifications and mail */

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    recipientId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    isRead: boolean().notNull().default(false),
    // A withdrawn (deleted) complaint's notices stay, their link gone: `withdrawnComplaintRefNo` still names it.
    complaintId: integer().references(() => complaints.id, { onDelete: 'set null' }),
    withdrawnComplaintRefNo: text(),
    claimRecordId: integer().references(() => claimRecords.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The bell's order (newest first, ties by id) straight from the index, as `order by … desc` wants it.
  (t) => [index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/**
 * A list's view kept under a name (issue 32): its owner's own, or shared with every user of
 * `userTypeId`. Only a URL (`path` and `search`): what it shows is decided when it is opened.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    ownerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userTypeId: integer().references(() => userTypes.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    name: text().notNull(),
    search: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('saved_views_owner_idx').on(t.ownerId, t.path), index('saved_views_user_type_idx').on(t.userTypeId, t.path)],
);

/** Every message sent; without SMTP this is where a fresh install's activation links wait. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    bodyText: text().notNull(),
    /** The text as mailboxes show it: its one-time code masked (domain/mail.ts). */
    shownText: text().notNull(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    error: text(),
  },
  (t) => [index('mail_outbox_to_idx').on(sql`lower(${t.toAddress})`, t.id.desc().nullsFirst())],
);

/**
 * The audit trail: one row per write, in the write's own transaction. Append-only: a trigger
 * (see the migration) refuses UPDATE and DELETE. The actor is copied, not referenced, so the
 * trail outlives any change to users.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    at: createdAt(),
    actorId: integer(),
    actorEmail: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    /*
     * The trail's hash chain (issue 35, migration 0025), set by a trigger in the writing
     * transaction: the event's place in the whole trail (1, 2, …, no gaps), the previous
     * event's hash (64 zeros for the first), and the SHA-256 of both with the event's content.
     */
    chainSeq: bigint({ mode: 'number' }).notNull().default(0),
    prevHash: text().notNull().default(''),
    hash: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('audit_events_chain_idx').on(t.chainSeq),
    index('audit_events_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.id.desc().nullsFirst()),
    index('audit_events_actor_idx').on(t.actorId, t.id.desc().nullsFirst()),
  ],
);

/**
 * The head of each hash chain (issue 35): the audit trail's (`audit_events`), which its trigger
 * moves with every event, and when `npm run audit:verify` last checked the whole chain.
 */
export const chainHeads = pgTable('chain_heads', {
  name: text().primaryKey(),
  seq: bigint({ mode: 'number' }).notNull(),
  hash: text().notNull(),
  verifiedAt: timestamp({ withTimezone: true }),
  /** How many events the last check covered, and the first it found broken (null: whole). */
  verifiedSeq: bigint({ mode: 'number' }),
  verifiedBreak: text(),
});

/** The head of each complaint's status history chain: its last row's place and hash. */
export const complaintHistoryHeads = pgTable('complaint_history_heads', {
  complaintId: integer()
    .primaryKey()
    .references(() => complaints.id, { onDelete: 'cascade' }),
  seq: integer().notNull(),
  hash: text().notNull(),
});

/** Secrets the API processes share (e.g. the key that signs file addresses). */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
});
