import type { z } from 'zod';
import {
  activeExportQuerySchema,
  activeListQuerySchema,
  apiPaths,
  idParamsSchema,
  itemEnvelope,
  listEnvelope,
  REFERENCE_LIST_KEYS,
  referenceInputSchema,
  referenceSchema,
  referenceUpdateSchema,
  typeOfOffenceInputSchema,
  typeOfOffenceSchema,
  typeOfOffenceUpdateSchema,
} from '@contract';
import { contracts, organizations } from '@fixtures';
import {
  catalogueCsv,
  checkTimeZone,
  decideRemoval,
  decideUnique,
  listOrder,
  matchesSearch,
  orThrow,
  pageRows,
  parseSort,
  problems,
  REFERENCE_RULES,
  TYPE_OF_OFFENCE_RULES,
  type AnyCatalogueRules,
  type UseKind,
} from '@domain';
import { recordAudit } from '../audit';
import { mockDb, updateMockDb, type CatalogueKey, type MockDbState } from '../db';
import { csvResponse, noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requirePrivilege } from '../session';

type Db = Readonly<MockDbState>;
type Row = { id: number } & Record<string, unknown>;

/** What points at a catalogue's records in the mock store (the server: CATALOGUE_TABLES). */
const USES: Record<CatalogueKey, Partial<Record<UseKind, (db: Db, id: number) => number>>> = {
  'account-types': { personas: (db, id) => db.accounts.filter((a) => a.userProfile.typeId === id).length },
  'user-types': { users: (db, id) => db.accounts.filter((a) => a.userType.id === id).length },
  positions: { personas: (db, id) => db.accounts.filter((a) => a.userProfile.positionId === id).length },
  zones: {
    organizations: (_db, id) => organizations.filter((o) => o.zoneId === id).length,
    personas: (db, id) => db.accounts.filter((a) => a.userProfile.zoneId === id).length,
    contracts: (_db, id) => contracts.filter((c) => c.zoneId === id).length,
  },
  'organization-types': { organizations: (_db, id) => organizations.filter((o) => o.organizationTypeId === id).length },
  'type-of-offences': {
    complaints: (db, id) => db.complaints.filter((c) => c.typeOfOffenceId === id).length,
    contracts: (_db, id) => contracts.filter((c) => c.rates.some((r) => r.typeOfOffenceId === id)).length,
  },
};

/** A catalogue's list, export and records, as server/routes/catalogues.ts answers them. */
function catalogueHandlers(key: CatalogueKey, rules: AnyCatalogueRules, schemas: { item: z.ZodType; input: z.ZodType; update: z.ZodType }) {
  const rows = (db: Db) => db.catalogues[key] as Row[];
  const find = (db: Db, id: number) => rows(db).find((row) => row.id === id) ?? null;
  const notFound = () => problems.notFound(rules.what[0]!.toUpperCase() + rules.what.slice(1));
  const unique = (db: Db, values: Record<string, unknown>, exceptId?: number) => orThrow(decideUnique(rules, values, rows(db).filter((row) => row.id !== exceptId)));

  function selected(request: Request, { sort, q, active }: { sort?: string; q?: string; active?: string }) {
    requirePrivilege(request, rules.guards.list);
    const order = parseSort(sort, rules.sortFields) ?? rules.first;
    return rows(mockDb())
      .filter((row) => matchesSearch(q, rules.searchIn, row as Record<string, string>) && (active === undefined || String(row[rules.activeField]) === active))
      .sort(listOrder(order, (row, field: string) => row[field] as string));
  }

  return [
    route('get', apiPaths.catalogue(key), ({ request }) => {
      const { page, limit, ...query } = readQuery(request, activeListQuerySchema);
      return respond(listEnvelope(schemas.item), { data: pageRows(selected(request, query), { page, limit }) });
    }),

    route('get', apiPaths.catalogueCsv(key), ({ request }) => {
      const { lang, tz, ...query } = readQuery(request, activeExportQuerySchema);
      const found = selected(request, query);
      checkTimeZone(tz);
      const csv = catalogueCsv(rules);
      return csvResponse(csv.fileName, csv.header(lang) + found.map((row) => csv.line(row as never, lang)).join(''));
    }),

    route('get', apiPaths.catalogueItem(key, ':id'), ({ request, params }) => {
      requirePrivilege(request, rules.guards.list);
      const row = find(mockDb(), readParams(params, idParamsSchema).id);
      if (!row) throw notFound();
      return respond(itemEnvelope(schemas.item), { data: row });
    }),

    route('post', apiPaths.catalogue(key), async ({ request }) => {
      const session = requirePrivilege(request, rules.guards.create);
      const values = (await readBody(request, schemas.input)) as Record<string, unknown>;
      const created = updateMockDb((db) => {
        unique(db, values);
        const row = { id: Math.max(0, ...rows(db).map((r) => r.id)) + 1, ...values };
        rows(db).push(row);
        recordAudit(db, session, { action: 'create', entity: rules.entity, entityId: row.id, before: null, after: row });
        return row;
      });
      return respond(itemEnvelope(schemas.item), { data: created }, 201);
    }),

    route('patch', apiPaths.catalogueItem(key, ':id'), async ({ request, params }) => {
      const session = requirePrivilege(request, rules.guards.update);
      const { id } = readParams(params, idParamsSchema);
      const changes = (await readBody(request, schemas.update)) as Record<string, unknown>;
      const changed = updateMockDb((db) => {
        const row = find(db, id);
        if (!row) throw notFound();
        if (Object.keys(changes).length === 0) return row;
        unique(db, changes, id);
        const before = { ...row };
        // Records that point here show its values of today, as the server's joins do.
        Object.assign(row, changes);
        recordAudit(db, session, { action: 'update', entity: rules.entity, entityId: id, before, after: row });
        return row;
      });
      return respond(itemEnvelope(schemas.item), { data: changed });
    }),

    route('delete', apiPaths.catalogueItem(key, ':id'), ({ request, params }) => {
      const session = requirePrivilege(request, rules.guards.delete);
      const { id } = readParams(params, idParamsSchema);
      updateMockDb((db) => {
        const row = find(db, id);
        if (!row) throw notFound();
        const uses = Object.fromEntries(Object.entries(USES[key]).map(([kind, count]) => [kind, count(db, id)]));
        orThrow(decideRemoval(rules, uses));
        (db.catalogues[key] as Row[]) = rows(db).filter((r) => r.id !== id);
        recordAudit(db, session, { action: 'delete', entity: rules.entity, entityId: id, before: row, after: null });
      });
      return noContent();
    }),
  ];
}

const referenceSchemas = { item: referenceSchema, input: referenceInputSchema, update: referenceUpdateSchema };

export const catalogueHandlerList = [
  ...REFERENCE_LIST_KEYS.flatMap((key) => catalogueHandlers(key, REFERENCE_RULES[key], referenceSchemas)),
  ...catalogueHandlers('type-of-offences', TYPE_OF_OFFENCE_RULES, { item: typeOfOffenceSchema, input: typeOfOffenceInputSchema, update: typeOfOffenceUpdateSchema }),
];
