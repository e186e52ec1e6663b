import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { justifyByOf } from '../../domain/complaints';
import { problems } from '../../domain/problems';
import type { ComplaintExportRow } from '../../domain/exports';
import { alias } from 'drizzle-orm/pg-core';
import type { COMPLAINT_SORT_FIELDS } from '../../contract/complaint-status';
import { COMPLAINT_STATUS_TEXT } from '../../contract/complaint-status';
import type {
  Attachment,
  Complaint,
  ComplaintDetail,
  ComplaintStatus,
  Coordinates,
  MyComplaintMove,
  StatusHistoryEntry,
} from '../../contract/complaints';
import type { DbOrTx, Tx } from '../db/client';
import {
  complaintAttachments,
  complaints,
  complaintStatusHistory,
  contracts,
  organizations,
  personas,
  typeOfOffences,
  users,
} from '../db/schema';
import type { ComplaintSelection } from '../../domain/complaint-filters';
import {
  EXACT_TOTAL_MAX,
  LIST_RULES,
  neighbourPlaces,
  pageOf,
  paginationOf,
  totalOfLastPage,
  type ListPlace,
  type ListSort,
} from '../../domain/lists';
import { containing, cursorBatches, mapBatches, totalOf } from './pagination';
import { prepared } from './prepared';

export type ComplaintSortField = (typeof COMPLAINT_SORT_FIELDS)[number];

export interface ComplaintScope {
  /** A contractor's users see only their organisation's complaints. */
  organizationId: number | null;
}

export interface ComplaintListQuery {
  selection: ComplaintSelection;
  page: number;
  limit: number;
  sort?: ListSort<ComplaintSortField>;
  q?: string;
  /** A page by place (`cursor`) rather than by number. */
  place?: ListPlace;
}

const columns = {
  id: complaints.id,
  refNo: complaints.refNo,
  typeOfOffenceId: typeOfOffences.id,
  typeOfOffenceName: typeOfOffences.name,
  dateOfMisconduct: complaints.dateOfMisconduct,
  description: complaints.description,
  offender: complaints.offender,
  location: complaints.location,
  qty: complaints.qty,
  justification: complaints.justification,
  status: complaints.status,
  remark: complaints.remark,
  createdAt: complaints.createdAt,
  organizationId: organizations.id,
  organizationName: organizations.name,
  contractId: contracts.id,
  contractNo: contracts.contractNo,
  contractTitle: contracts.title,
  justificationDays: contracts.justificationDays,
  createdById: complaints.createdById,
  createdByName: personas.fullName,
  latitude: complaints.latitude,
  longitude: complaints.longitude,
  locationAccuracyM: complaints.locationAccuracyM,
  madeOfflineAt: complaints.madeOfflineAt,
  madeOfflineDevice: complaints.madeOfflineDevice,
};

const sortColumn = {
  refNo: complaints.refNo,
  dateOfMisconduct: complaints.dateOfMisconduct,
  createdAt: complaints.createdAt,
  description: complaints.description,
  offender: complaints.offender,
  location: complaints.location,
  qty: complaints.qty,
  status: complaints.status,
} as const satisfies Record<ComplaintSortField, unknown>;

/**
 * Attachments of many complaints in one prepared query (`= any($1)`, one SQL text whatever the
 * count), grouped by complaint and kind.
 */
async function attachmentsOf(db: DbOrTx, ids: number[], fileUrl: (fileId: string) => string) {
  const byComplaint = new Map<number, { complaint: Attachment[]; justification: Attachment[] }>();
  if (ids.length === 0) return byComplaint;
  const query = prepared(db, 'complaints_attachments', (name) =>
    db
      .select({
        id: complaintAttachments.id,
        complaintId: complaintAttachments.complaintId,
        kind: complaintAttachments.kind,
        fileId: complaintAttachments.fileId,
      })
      .from(complaintAttachments)
      .where(sql`${complaintAttachments.complaintId} = any(${sql.placeholder('ids')})`)
      .orderBy(asc(complaintAttachments.sortOrder), asc(complaintAttachments.id))
      .prepare(name),
  );
  for (const row of await query.execute({ ids })) {
    let entry = byComplaint.get(row.complaintId);
    if (!entry) byComplaint.set(row.complaintId, (entry = { complaint: [], justification: [] }));
    entry[row.kind].push({ id: row.id, fileId: row.fileId, file: fileUrl(row.fileId) });
  }
  return byComplaint;
}

const creators = alias(users, 'creators');

/** Complaints with what a list shows of them; `extra` adds columns (e.g. the list's total). */
function selectComplaints<E extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({ ...columns, ...extra })
    .from(complaints)
    .innerJoin(typeOfOffences, eq(typeOfOffences.id, complaints.typeOfOffenceId))
    .innerJoin(organizations, eq(organizations.id, complaints.organizationId))
    .leftJoin(contracts, eq(contracts.id, complaints.contractId))
    .innerJoin(creators, eq(creators.id, complaints.createdById))
    .innerJoin(personas, eq(personas.id, creators.personaId));
}

type Row = Awaited<ReturnType<typeof selectComplaints<Record<never, SQL>>>>[number];

const NO_ATTACHMENTS = { complaint: [] as Attachment[], justification: [] as Attachment[] };

function toComplaint(r: Row, attachments: { complaint: Attachment[]; justification: Attachment[] }): Complaint {
  const status = r.status as ComplaintStatus;
  return {
    id: r.id,
    refNo: r.refNo,
    typeOfOffence: { id: r.typeOfOffenceId, name: r.typeOfOffenceName },
    dateOfMisconduct: r.dateOfMisconduct.toISOString(),
    description: r.description,
    offender: r.offender,
    location: r.location,
    qty: r.qty,
    complaintAttachments: attachments.complaint,
    justification: r.justification,
    justificationAttachments: attachments.justification,
    status,
    statusText: COMPLAINT_STATUS_TEXT[status],
    remark: r.remark,
    createdAt: r.createdAt.toISOString(),
    organization: { id: r.organizationId, name: r.organizationName },
    contract: r.contractId === null ? null : { id: r.contractId, contractNo: r.contractNo!, title: r.contractTitle! },
    justifyBy: justifyByOf(r.createdAt.toISOString(), r.justificationDays),
    createdBy: { id: r.createdById, fullName: r.createdByName },
    coordinates: coordinatesOf(r),
    madeOffline: r.madeOfflineAt === null ? null : { at: r.madeOfflineAt.toISOString(), device: r.madeOfflineDevice! },
  };
}

/** The officer's position as the columns keep it (the table's check: both degrees or neither). */
export const coordinatesOf = (r: {
  latitude: number | null;
  longitude: number | null;
  locationAccuracyM: number | null;
}): Coordinates | null =>
  r.latitude === null || r.longitude === null
    ? null
    : { latitude: r.latitude, longitude: r.longitude, accuracyMeters: r.locationAccuracyM };

/** The columns that keep the officer's position: none of them when it is null. */
export const coordinateColumns = (c: Coordinates | null) => ({
  latitude: c?.latitude ?? null,
  longitude: c?.longitude ?? null,
  locationAccuracyM: c?.accuracyMeters ?? null,
});

async function toComplaints(db: DbOrTx, rows: Row[], fileUrl: (fileId: string) => string): Promise<Complaint[]> {
  const attachments = await attachmentsOf(
    db,
    rows.map((r) => r.id),
    fileUrl,
  );
  return rows.map((r) => toComplaint(r, attachments.get(r.id) ?? NO_ATTACHMENTS));
}

/** Every move of one complaint, oldest first, with who made it. */
async function historyOf(db: DbOrTx, complaintId: number): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .select({
      id: complaintStatusHistory.id,
      fromStatus: complaintStatusHistory.fromStatus,
      toStatus: complaintStatusHistory.toStatus,
      changedById: complaintStatusHistory.changedById,
      changedByName: personas.fullName,
      changedAt: complaintStatusHistory.changedAt,
      text: complaintStatusHistory.text,
    })
    .from(complaintStatusHistory)
    .innerJoin(users, eq(users.id, complaintStatusHistory.changedById))
    .innerJoin(personas, eq(personas.id, users.personaId))
    .where(eq(complaintStatusHistory.complaintId, complaintId))
    .orderBy(asc(complaintStatusHistory.changedAt), asc(complaintStatusHistory.id));
  return rows.map((r) => ({
    id: r.id,
    fromStatus: r.fromStatus as ComplaintStatus | null,
    toStatus: r.toStatus as ComplaintStatus,
    changedBy: { id: r.changedById, fullName: r.changedByName },
    changedAt: r.changedAt.toISOString(),
    text: r.text,
  }));
}

/** A list query's shape: which filters it has. Each shape and order is one prepared statement. */
interface ListShape {
  scoped: boolean;
  search: boolean;
  offence: boolean;
  organization: boolean;
  from: boolean;
  to: boolean;
  overdue: boolean;
  inTime: boolean;
  ids: boolean;
  findings: boolean;
}

const shapeOf = (scope: ComplaintScope, query: Pick<ComplaintListQuery, 'selection' | 'q'>): ListShape => ({
  scoped: scope.organizationId !== null,
  search: Boolean(query.q),
  offence: query.selection.typeOfOffenceId !== undefined,
  organization: query.selection.organizationId !== undefined,
  from: query.selection.from !== undefined,
  to: query.selection.to !== undefined,
  overdue: query.selection.overdueAt !== undefined,
  inTime: query.selection.inTimeAt !== undefined,
  ids: query.selection.ids !== undefined,
  findings: query.selection.findingsMask !== undefined,
});

/** One letter per filter, each its own, for the names of a shape's statements (one name, one SQL text). */
const VARIANT_LETTER = {
  scoped: 'o',
  search: 'q',
  offence: 't',
  organization: 'c',
  from: 'f',
  to: 'u',
  overdue: 'd',
  inTime: 'i',
  ids: 'n',
  findings: 'e',
} as const satisfies Record<keyof ListShape, string>;
const variantOf = (shape: ListShape) =>
  (Object.keys(VARIANT_LETTER) as (keyof ListShape)[]).map((key) => (shape[key] ? VARIANT_LETTER[key] : '')).join('');

/** The values of a list query's placeholders. */
function valuesOf(scope: ComplaintScope, { selection, q }: Pick<ComplaintListQuery, 'selection' | 'q'>) {
  return {
    statuses: selection.statuses,
    scopeId: scope.organizationId,
    pattern: q && containing(q),
    typeOfOffenceId: selection.typeOfOffenceId,
    organizationId: selection.organizationId,
    from: selection.from === undefined ? undefined : new Date(selection.from).toISOString(),
    to: selection.to === undefined ? undefined : new Date(selection.to).toISOString(),
    overdueAt: selection.overdueAt === undefined ? undefined : new Date(selection.overdueAt).toISOString(),
    inTimeAt: selection.inTimeAt === undefined ? undefined : new Date(selection.inTimeAt).toISOString(),
    ids: selection.ids,
    findingsMask: selection.findingsMask,
  };
}

/** When a complaint's time to justify ends, in SQL: as domain/complaints.ts `justifyByOf` reckons it. */
export const justifyBySql = (createdAt: SQLWrapper, justificationDays: SQLWrapper) =>
  sql`(${createdAt} + make_interval(secs => ${justificationDays} * 86400))`;

type ListValues = ReturnType<typeof valuesOf>;

/** How a query takes a value: as a placeholder of a prepared statement, or as the value itself. */
type ValueOf = (name: keyof ListValues) => SQLWrapper;
const asPlaceholder: ValueOf = (name) => sql.placeholder(name);
const asValues =
  (values: ListValues): ValueOf =>
  (name) =>
    sql.param(values[name]);

/** The complaints a list query matches, each value taken as `value` says. */
function matching(db: DbOrTx, shape: ListShape, value: ValueOf = asPlaceholder) {
  const filters: SQL[] = [sql`${complaints.status} = any(${value('statuses')})`];
  // A contractor's users see only their organisation's complaints.
  if (shape.scoped) filters.push(eq(complaints.organizationId, value('scopeId')));
  if (shape.search) {
    const pattern = value('pattern');
    filters.push(or(...LIST_RULES.complaints.searchIn.map((field) => ilike(complaints[field], pattern)))!);
  }
  if (shape.offence) filters.push(eq(complaints.typeOfOffenceId, value('typeOfOffenceId')));
  if (shape.organization) filters.push(eq(complaints.organizationId, value('organizationId')));
  if (shape.from) filters.push(gte(complaints.dateOfMisconduct, sql`${value('from')}::timestamptz`));
  if (shape.to) filters.push(lt(complaints.dateOfMisconduct, sql`${value('to')}::timestamptz`));
  // Its time to justify (registration plus its contract's days) ended before the instant.
  if (shape.overdue) {
    filters.push(sql`exists (select 1 from ${contracts} where ${contracts.id} = ${complaints.contractId}
      and ${justifyBySql(complaints.createdAt, contracts.justificationDays)} < ${value('overdueAt')}::timestamptz)`);
  }
  // Its time to justify has not ended at the instant (as `isOverdue`: ended means before it).
  if (shape.inTime) {
    filters.push(sql`exists (select 1 from ${contracts} where ${contracts.id} = ${complaints.contractId}
      and ${justifyBySql(complaints.createdAt, contracts.justificationDays)} >= ${value('inTimeAt')}::timestamptz)`);
  }
  if (shape.ids) filters.push(sql`${complaints.id} = any(${value('ids')}::int[])`);
  // Its photos gave a finding the caller sees: "<> 0" first, the partial index's own condition.
  if (shape.findings)
    filters.push(sql`${complaints.evidenceFlags} <> 0 and (${complaints.evidenceFlags} & ${value('findingsMask')}::smallint) <> 0`);
  const where = and(...filters);
  return { where, count: () => db.select({ n: count() }).from(complaints).where(where) };
}

/** A list's order: its sort field, ties by id as the list's rules say. */
function orderOf(sort: ListSort<ComplaintSortField>) {
  const direction = sort.descending ? desc : asc;
  return [direction(sortColumn[sort.field]), (LIST_RULES.complaints.ties === 'newestFirst' ? desc : direction)(complaints.id)];
}

/** The SQL type a sort field's value is read back as from a place (`cursor`). */
const SORT_TYPE = {
  refNo: 'text',
  dateOfMisconduct: 'timestamptz',
  createdAt: 'timestamptz',
  description: 'text',
  offender: 'text',
  location: 'text',
  qty: 'int',
  status: 'smallint',
} as const satisfies Record<ComplaintSortField, string>;

/** The complaints a filter matches, counted to `EXACT_TOTAL_MAX` + 1 at most: past that, only that there are more. */
const cappedCount = (db: DbOrTx, where: SQL | undefined) =>
  db.select({ n: count() }).from(
    db
      .select({ one: sql`1` })
      .from(complaints)
      .where(where)
      .limit(EXACT_TOTAL_MAX + 1)
      .as('capped'),
  );

/** A PostgreSQL data exception (SQLSTATE class 22), also when drizzle wraps it as the cause. */
function isDataException(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (/^22/.test(String((e as { code?: unknown }).code ?? ''))) return true;
  return false;
}

/**
 * The planner's estimate of the rows a filter matches: what a total past `EXACT_TOTAL_MAX` shows
 * ("about …"), for the cost of planning one query (about a millisecond) instead of counting.
 */
async function estimatedCount(db: DbOrTx, shape: ListShape, values: ListValues): Promise<number> {
  const { where } = matching(db, shape, asValues(values));
  const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from ${complaints} where ${where}`,
  );
  return Math.round(rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']);
}

/**
 * One page of the complaints a list query selects, as rows, with the total and its
 * neighbours' places. Newest first unless sorted, ties broken by id the same way.
 *
 * A page by number skips its rows (cheap for the first pages); a page by place starts from the
 * sort value and id of a row (keyset: an index range, as cheap on the last page as on the
 * first). A page before a place, or the last, is read against the list's order and turned
 * round. One row more than the page tells whether rows lie beyond it. The total is counted up
 * to `EXACT_TOTAL_MAX` + 1 rows; past that it is the planner's estimate. One prepared query per
 * shape, order and way of asking.
 */
async function complaintPage(db: DbOrTx, scope: ComplaintScope, query: ComplaintListQuery) {
  const shape = shapeOf(scope, query);
  const values = valuesOf(scope, query);
  const variant = variantOf(shape);
  const sort = query.sort ?? LIST_RULES.complaints.first;
  const place = query.place;
  const backwards = place?.at === 'before' || place?.at === 'last';
  const column = sortColumn[sort.field];
  const build = (name: string) => {
    const { where } = matching(db, shape);
    const listOrder = orderOf(sort);
    const readOrder = backwards ? orderOf({ ...sort, descending: !sort.descending }) : listOrder;
    const filters = [where];
    if (place?.at === 'after' || place?.at === 'before') {
      // Past the place in the list's order: the row comparison an index on (sort field, id) serves as a range.
      const past = sort.descending === (place.at === 'after') ? '<' : '>';
      filters.push(
        sql`(${column}, ${complaints.id}) ${sql.raw(past)} (${sql.placeholder('placeValue')}::${sql.raw(SORT_TYPE[sort.field])}, ${sql.placeholder('placeId')}::int)`,
      );
    }
    // The page's rows are chosen from complaints alone, then joined: joining every match
    // before the sort would cost as much as the whole table.
    const chosen = db
      .select({ id: complaints.id })
      .from(complaints)
      .where(and(...filters))
      .orderBy(...readOrder)
      .limit(sql.placeholder('limit'));
    const pageIds = place === undefined ? chosen.offset(sql.placeholder('offset')) : chosen;
    // A search counts apart, and only when its page does not tell: the trigram indexes are read
    // once for a rare piece of text (the page), not twice (the page and its count).
    const total = shape.search ? sql<number | null>`null` : totalOf(cappedCount(db, where));
    return selectComplaints(db, { total, sortKey: sql<string>`${column}::text` })
      .where(inArray(complaints.id, pageIds))
      .orderBy(...readOrder)
      .prepare(name);
  };
  const way = place === undefined ? 'page' : place.at;
  // A text search is planned for its own pattern each time (an unnamed statement): a plan made
  // once for any pattern cannot tell a rare piece of text, which the trigram indexes find at
  // once, from a common one, and reads every row for both.
  const list = shape.search
    ? build('')
    : prepared(db, `complaints_list_${variant}_${way}_${sort.descending ? '-' : ''}${sort.field}`, build);
  const { offset } = pageOf(query.page, query.limit);
  const placeKey = place && place.at !== 'last' ? { placeValue: place.key.value, placeId: place.key.id } : {};
  const rows = await list.execute({ ...values, ...placeKey, limit: query.limit + 1, offset }).catch((error: unknown) => {
    // A place whose value PostgreSQL cannot read as its sort field's type (SQLSTATE class 22,
    // data exception) was not made by this list: the caller's mistake, not the server's.
    throw place && isDataException(error) ? problems.badCursor() : error;
  });
  const moreBeyond = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  if (backwards) items.reverse();
  let total = rows[0]?.total ?? (place === undefined ? totalOfLastPage(query.page, query.limit, rows.length) : undefined);
  if (total === undefined) {
    // As the page: a search planned for its own pattern, any other shape one prepared statement.
    const counted = shape.search
      ? cappedCount(db, matching(db, shape, asValues(values)).where)
      : prepared(db, `complaints_count_${variant}`, (name) => cappedCount(db, matching(db, shape).where).prepare(name)).execute(values);
    total = (await counted)[0]?.n ?? 0;
  }
  const totalEstimated = total > EXACT_TOTAL_MAX;
  if (totalEstimated) total = Math.max(EXACT_TOTAL_MAX + 1, await estimatedCount(db, shape, values));
  const keyOf = (row: (typeof items)[number]) => ({ value: row.sortKey, id: row.id });
  const ends = { first: items[0] && keyOf(items[0]), last: items.at(-1) && keyOf(items.at(-1)!) };
  return {
    items,
    pagination: {
      ...paginationOf(query.page, query.limit, total),
      totalEstimated,
      ...neighbourPlaces({ page: query.page, place, sort }, ends, moreBeyond),
    },
  };
}

/** A page of the complaints a list query selects, as the API shows them. */
export async function listComplaints(db: DbOrTx, scope: ComplaintScope, query: ComplaintListQuery, fileUrl: (fileId: string) => string) {
  const page = await complaintPage(db, scope, query);
  return { items: await toComplaints(db, page.items, fileUrl), pagination: page.pagination };
}

/**
 * Every complaint a list query selects, in its order, a batch at a time, without images: for a
 * stream, in one snapshot (see `streamInTransaction`, `cursorBatches`).
 */
export function exportComplaints(tx: Tx, scope: ComplaintScope, query: Omit<ComplaintListQuery, 'page' | 'limit' | 'place'>) {
  const shape = shapeOf(scope, query);
  const { where } = matching(tx, shape, asValues(valuesOf(scope, query)));
  const ids = tx
    .select({ id: complaints.id })
    .from(complaints)
    .where(where)
    .orderBy(...orderOf(query.sort ?? LIST_RULES.complaints.first));
  const rowsOf = async (batch: number[]) => (await tx.execute<ExportRecord>(exportRecords(batch))).rows;
  return mapBatches(cursorBatches(tx, ids, rowsOf), toExportRow);
}

/** An export's row as PostgreSQL writes it: names joined, times as UTC ISO text. */
type ExportRecord = {
  id: number;
  ref_no: string;
  offence: string;
  misconduct: string;
  description: string;
  offender: string;
  location: string;
  qty: number;
  status: number;
  justification: string | null;
  remark: string | null;
  created: string;
  organization: string;
  contract_no: string | null;
  created_by: string;
};

/** A time as `Date.toISOString` writes it, written by PostgreSQL. */
const isoText = (column: SQLWrapper) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A batch of an export's rows, by id. Plain rows, not the list's mapped ones: a million of them
 * would each make two Dates and pass drizzle's mapper, most of an export's time in Node.
 */
const exportRecords = (batch: number[]) => sql`
  select ${complaints.id} as id, ${complaints.refNo} as ref_no, ${typeOfOffences.name} as offence,
    ${isoText(complaints.dateOfMisconduct)} as misconduct, ${complaints.description} as description,
    ${complaints.offender} as offender, ${complaints.location} as location, ${complaints.qty} as qty,
    ${complaints.status} as status, ${complaints.justification} as justification, ${complaints.remark} as remark,
    ${isoText(complaints.createdAt)} as created, ${organizations.name} as organization,
    ${contracts.contractNo} as contract_no, ${personas.fullName} as created_by
  from ${complaints}
  join ${typeOfOffences} on ${typeOfOffences.id} = ${complaints.typeOfOffenceId}
  join ${organizations} on ${organizations.id} = ${complaints.organizationId}
  left join ${contracts} on ${contracts.id} = ${complaints.contractId}
  join ${users} on ${users.id} = ${complaints.createdById}
  join ${personas} on ${personas.id} = ${users.personaId}
  where ${complaints.id} = any(${sql.param(batch)}::int[])`;

/** What an export writes of a complaint. */
function toExportRow(r: ExportRecord): ComplaintExportRow {
  return {
    refNo: r.ref_no,
    typeOfOffence: { name: r.offence },
    dateOfMisconduct: r.misconduct,
    description: r.description,
    offender: r.offender,
    location: r.location,
    qty: r.qty,
    status: r.status as ComplaintStatus,
    justification: r.justification,
    remark: r.remark,
    createdAt: r.created,
    organization: { name: r.organization },
    contract: r.contract_no === null ? null : { contractNo: r.contract_no },
    createdBy: { fullName: r.created_by },
  };
}

/** One complaint with its history and the organisation it is against; the caller decides who may see it. */
export async function findComplaint(
  db: DbOrTx,
  id: number,
  fileUrl: (fileId: string) => string,
): Promise<{ complaint: ComplaintDetail; organizationId: number } | null> {
  const rows = await selectComplaints(db).where(eq(complaints.id, id));
  const [complaint] = await toComplaints(db, rows, fileUrl);
  if (!complaint) return null;
  return { complaint: { ...complaint, statusHistory: await historyOf(db, id) }, organizationId: complaint.organization.id };
}

/** The latest moves a user made, newest first, with the complaint's reference. */
export async function movesBy(db: DbOrTx, userId: number, limit: number): Promise<MyComplaintMove[]> {
  const rows = await db
    .select({
      id: complaintStatusHistory.id,
      complaintId: complaintStatusHistory.complaintId,
      refNo: complaints.refNo,
      fromStatus: complaintStatusHistory.fromStatus,
      toStatus: complaintStatusHistory.toStatus,
      changedAt: complaintStatusHistory.changedAt,
      text: complaintStatusHistory.text,
    })
    .from(complaintStatusHistory)
    .innerJoin(complaints, eq(complaints.id, complaintStatusHistory.complaintId))
    .where(eq(complaintStatusHistory.changedById, userId))
    .orderBy(desc(complaintStatusHistory.changedAt), desc(complaintStatusHistory.id))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    fromStatus: r.fromStatus as ComplaintStatus | null,
    toStatus: r.toStatus as ComplaintStatus,
    changedAt: r.changedAt.toISOString(),
  }));
}
