import {
  apiPaths,
  contractExportQuerySchema,
  contractInputSchema,
  contractListQuerySchema,
  contractListResponseSchema,
  contractResponseSchema,
  contractUpdateSchema,
  idParamsSchema,
  type Contract,
} from '@contract';
import {
  checkTimeZone,
  choiceNames,
  chosenCatalogues,
  CONTRACT_RULES,
  contractCsv,
  decideChoices,
  decideContractValues,
  decideRemoval,
  decideUnique,
  listOrder,
  matchesContractFilters,
  matchesSearch,
  orThrow,
  pageRows,
  parseSort,
  problems,
  type CatalogueKey,
} from '@domain';
import { recordAudit } from '../audit';
import { mockDb, namesIn, updateMockDb, type MockDbState } from '../db';
import { csvResponse, noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requirePrivilege } from '../session';

type Db = Readonly<MockDbState>;
const rules = CONTRACT_RULES;

const find = (db: Db, id: number) => db.contracts.find((c) => c.id === id) ?? null;
const chosen = (db: Db) => (catalogue: CatalogueKey, id: number) =>
  (db.catalogues[catalogue] as { id: number; active: boolean }[]).find((r) => r.id === id) ?? null;
/** As the list sorts it: money by amount, the rest as the database does. */
const sortValue = (c: Contract, field: (typeof rules.sortFields)[number]) => (field === 'value' ? Number(c.value) : c[field]);

function checked(db: Db, values: Partial<Contract>, current: Contract | null) {
  orThrow(decideContractValues(values, current, (id) => db.catalogues['type-of-offences'].some((t) => t.id === id)));
  return decideChoices(rules, values, current, chosen(db));
}

function selected({ sort, q, ...filters }: { sort?: string; q?: string; organizationId?: number; zoneId?: number; activeOn?: string }) {
  const order = parseSort(sort, rules.sortFields) ?? rules.first;
  return mockDb()
    .contracts.filter((c) => matchesSearch(q, rules.searchIn, c) && matchesContractFilters(c, filters))
    .sort(listOrder(order, sortValue));
}

/** Contracts, as server/routes/contracts.ts answers them. */
export const contractHandlers = [
  route('get', apiPaths.catalogue('contracts'), ({ request }) => {
    // The session and the matrix first, as the server's onRequest hook: an outsider learns nothing of the query rules.
    requirePrivilege(request, rules.guards.list);
    const { page, limit, ...query } = readQuery(request, contractListQuerySchema);
    return respond(contractListResponseSchema, { data: pageRows(selected(query), { page, limit }) });
  }),

  route('get', apiPaths.catalogueCsv('contracts'), ({ request }) => {
    requirePrivilege(request, rules.guards.list);
    const { lang, tz, ...query } = readQuery(request, contractExportQuerySchema);
    const found = selected(query);
    checkTimeZone(tz);
    const db = mockDb();
    const csv = contractCsv(choiceNames(rules, Object.fromEntries(chosenCatalogues(rules).map((c) => [c, namesIn(db, c)]))));
    return csvResponse(csv.fileName, csv.header(lang) + found.map(csv.line).join(''));
  }),

  route('get', apiPaths.catalogueItem('contracts', ':id'), ({ request, params }) => {
    requirePrivilege(request, rules.guards.list);
    const contract = find(mockDb(), readParams(params, idParamsSchema).id);
    if (!contract) throw problems.notFound('Contract');
    return respond(contractResponseSchema, { data: contract });
  }),

  route('post', apiPaths.catalogue('contracts'), async ({ request }) => {
    const session = requirePrivilege(request, rules.guards.create);
    const values = await readBody(request, contractInputSchema);
    orThrow(await checked(mockDb(), values, null));
    const created = updateMockDb((db) => {
      orThrow(decideUnique(rules, values, db.contracts));
      const contract: Contract = {
        id: Math.max(0, ...db.contracts.map((c) => c.id)) + 1,
        ...values,
        rates: [...values.rates].sort((a, b) => a.typeOfOffenceId - b.typeOfOffenceId),
      };
      db.contracts.push(contract);
      recordAudit(db, session, { action: 'create', entity: rules.entity, entityId: contract.id, before: null, after: contract });
      return contract;
    });
    return respond(contractResponseSchema, { data: created }, 201);
  }),

  route('patch', apiPaths.catalogueItem('contracts', ':id'), async ({ request, params }) => {
    const session = requirePrivilege(request, rules.guards.update);
    const { id } = readParams(params, idParamsSchema);
    const changes = await readBody(request, contractUpdateSchema);
    const current = find(mockDb(), id);
    if (!current) throw problems.notFound('Contract');
    if (Object.keys(changes).length === 0) return respond(contractResponseSchema, { data: current });
    orThrow(await checked(mockDb(), changes, current));
    const changed = updateMockDb((db) => {
      orThrow(
        decideUnique(
          rules,
          changes,
          db.contracts.filter((c) => c.id !== id),
        ),
      );
      const contract = find(db, id)!;
      const before = structuredClone(contract);
      Object.assign(
        contract,
        changes,
        changes.rates ? { rates: [...changes.rates].sort((a, b) => a.typeOfOffenceId - b.typeOfOffenceId) } : {},
      );
      recordAudit(db, session, { action: 'update', entity: rules.entity, entityId: id, before, after: contract });
      return contract;
    });
    return respond(contractResponseSchema, { data: changed });
  }),

  route('delete', apiPaths.catalogueItem('contracts', ':id'), ({ request, params }) => {
    const session = requirePrivilege(request, rules.guards.delete);
    const { id } = readParams(params, idParamsSchema);
    updateMockDb((db) => {
      const contract = find(db, id);
      if (!contract) throw problems.notFound('Contract');
      orThrow(
        decideRemoval(rules, {
          complaints: db.complaints.filter((c) => c.contractId === id).length,
          claimRecords: db.claimRecords.filter((r) => r.contractId === id).length,
        }),
      );
      db.contracts = db.contracts.filter((c) => c.id !== id);
      recordAudit(db, session, { action: 'delete', entity: rules.entity, entityId: id, before: contract, after: null });
    });
    return noContent();
  }),
];
