import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { Contract, ContractRate } from '../../contract/contracts';
import type { ContractFilters } from '../../domain/contracts';
import { CONTRACT_RULES } from '../../domain/contracts';
import { pageOf, type ListSort } from '../../domain/lists';
import type { DbOrTx, Tx } from '../db/client';
import { claimRecords, complaints, contractRates, contracts, typeOfOffences } from '../db/schema';
import type { CatalogueTable } from './catalogues';
import { containing, cursorBatches, pageWithTotal, totalOf } from './pagination';

const columns = {
  id: contracts.id,
  contractNo: contracts.contractNo,
  title: contracts.title,
  organizationId: contracts.organizationId,
  zoneId: contracts.zoneId,
  startDate: contracts.startDate,
  endDate: contracts.endDate,
  value: contracts.value,
  formulaId: contracts.formulaId,
  justificationDays: contracts.justificationDays,
};

/** The contracts table as the catalogue helpers see it: unique numbers, what points at a contract. */
export const CONTRACT_TABLE: CatalogueTable = {
  table: contracts,
  columns,
  usedBy: { complaints: complaints.contractId, claimRecords: claimRecords.contractId },
};

type Row = Omit<Contract, 'rates'>;

/** Rows with their rates, by offence type. */
async function withRates(db: DbOrTx, rows: Row[]): Promise<Contract[]> {
  if (rows.length === 0) return [];
  const rates = await db
    .select({ contractId: contractRates.contractId, typeOfOffenceId: contractRates.typeOfOffenceId, rate: contractRates.rate })
    .from(contractRates)
    .where(
      inArray(
        contractRates.contractId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(contractRates.typeOfOffenceId));
  return rows.map((row) => ({
    ...row,
    rates: rates.filter((r) => r.contractId === row.id).map(({ typeOfOffenceId, rate }) => ({ typeOfOffenceId, rate })),
  }));
}

function filterOf({ q, organizationId, zoneId, activeOn }: ContractFilters & { q?: string }) {
  const filters: (SQL | undefined)[] = [];
  if (q) filters.push(or(...CONTRACT_RULES.searchIn.map((field) => ilike(columns[field], containing(q)))));
  if (organizationId !== undefined) filters.push(eq(contracts.organizationId, organizationId));
  if (zoneId !== undefined) filters.push(eq(contracts.zoneId, zoneId));
  if (activeOn !== undefined) filters.push(lte(contracts.startDate, activeOn), gte(contracts.endDate, activeOn));
  return and(...filters);
}

export interface ContractListQuery extends ContractFilters {
  page: number;
  limit: number;
  sort: ListSort<keyof typeof columns>;
  q?: string;
}

/** The list's order: its sort field, ties by id the same way. */
function orderOf(sort: ContractListQuery['sort']) {
  const direction = sort.descending ? desc : asc;
  return [direction(columns[sort.field]), direction(contracts.id)];
}

/** One page in the list's order, with the filtered total. */
export async function listContracts(db: DbOrTx, query: ContractListQuery) {
  const filter = filterOf(query);
  const counted = () => db.select({ n: count() }).from(contracts).where(filter);
  const rows = await db
    .select({ ...columns, total: totalOf(counted()) })
    .from(contracts)
    .where(filter)
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset(pageOf(query.page, query.limit).offset);
  const page = await pageWithTotal(
    rows,
    query,
    ({ total: _total, ...row }) => row,
    async () => (await counted())[0]?.n ?? 0,
  );
  return { ...page, items: await withRates(db, page.items) };
}

/** Every contract a list query matches, in its order, a batch at a time: for a stream (see `cursorBatches`). */
export function exportContracts(tx: Tx, query: Omit<ContractListQuery, 'page' | 'limit'>) {
  const ids = tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(filterOf(query))
    .orderBy(...orderOf(query.sort));
  return cursorBatches(tx, ids, async (batch) =>
    withRates(tx, await tx.select(columns).from(contracts).where(inArray(contracts.id, batch))),
  );
}

/** The contract with its rates, locked until the transaction ends when `lock`. */
export async function findContract(tx: DbOrTx, id: number, lock = false): Promise<Contract | null> {
  const query = tx.select(columns).from(contracts).where(eq(contracts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? (await withRates(tx, [row]))[0]! : null;
}

type Values = Partial<Omit<Contract, 'id' | 'rates'>> & { rates?: readonly ContractRate[] };

async function replaceRates(tx: DbOrTx, contractId: number, rates: readonly ContractRate[]) {
  await tx.delete(contractRates).where(eq(contractRates.contractId, contractId));
  if (rates.length > 0) await tx.insert(contractRates).values(rates.map((r) => ({ contractId, ...r })));
}

export async function insertContract(tx: DbOrTx, { rates = [], ...values }: Values & Omit<Contract, 'id' | 'rates'>) {
  const [row] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
  await replaceRates(tx, row!.id, rates);
  return (await findContract(tx, row!.id))!;
}

export async function updateContract(tx: DbOrTx, id: number, { rates, ...values }: Values) {
  if (Object.keys(values).length > 0) await tx.update(contracts).set(values).where(eq(contracts.id, id));
  if (rates) await replaceRates(tx, id, rates);
  return (await findContract(tx, id))!;
}

export async function deleteContract(tx: DbOrTx, id: number) {
  await tx.delete(contracts).where(eq(contracts.id, id));
}

/** Which of these offence types exist. */
export async function existingOffenceTypes(tx: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: typeOfOffences.id })
    .from(typeOfOffences)
    .where(inArray(typeOfOffences.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
