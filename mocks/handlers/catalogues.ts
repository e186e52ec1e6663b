import type { z } from 'zod';
import {
  activeExportQuerySchema,
  activeListQuerySchema,
  apiPaths,
  CATALOGUE_SCHEMAS,
  formulaEvaluateRequestSchema,
  formulaEvaluateResponseSchema,
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
import {
  catalogueCsv,
  checkTimeZone,
  choiceNames,
  chosenCatalogues,
  decideChoices,
  FORMULA_RULES,
  guards,
  ORGANIZATION_RULES,
  PERSONA_RULES,
  decideRemoval,
  decideUnique,
  listOrder,
  matchesSearch,
  orThrow,
  pageRows,
  parseSort,
  previewFormula,
  catalogueNotFound,
  REFERENCE_RULES,
  TYPE_OF_OFFENCE_RULES,
  type AnyCatalogueRules,
  type UseKind,
} from '@domain';
import { recordAudit } from '../audit';
import { mockDb, namesIn, updateMockDb, type CatalogueKey, type MockDbState } from '../db';
import { csvResponse, noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { requirePrivilege } from '../session';

type Db = Readonly<MockDbState>;
type Row = { id: number } & Record<string, unknown>;

/** What points at a catalogue's records in the mock store (the server: CATALOGUE_TABLES). */
const USES: Record<CatalogueKey, Partial<Record<UseKind, (db: Db, id: number) => number>>> = {
  'account-types': { personas: (db, id) => db.catalogues.personas.filter((p) => p.accountTypeId === id).length },
  'user-types': { users: (db, id) => db.accounts.filter((a) => a.userTypeId === id).length },
  positions: { personas: (db, id) => db.catalogues.personas.filter((p) => p.positionId === id).length },
  zones: {
    organizations: (db, id) => db.catalogues.organizations.filter((o) => o.zoneId === id).length,
    personas: (db, id) => db.catalogues.personas.filter((p) => p.zoneId === id).length,
    contracts: (db, id) => db.contracts.filter((c) => c.zoneId === id).length,
  },
  'organization-types': { organizations: (db, id) => db.catalogues.organizations.filter((o) => o.organizationTypeId === id).length },
  organizations: {
    personas: (db, id) => db.catalogues.personas.filter((p) => p.organizationId === id).length,
    complaints: (db, id) => db.complaints.filter((c) => c.organizationId === id).length,
    contracts: (db, id) => db.contracts.filter((c) => c.organizationId === id).length,
  },
  personas: { users: (db, id) => db.accounts.filter((a) => a.personaId === id).length },
  'type-of-offences': {
    complaints: (db, id) => db.complaints.filter((c) => c.typeOfOffenceId === id).length,
    contracts: (db, id) => db.contracts.filter((c) => c.rates.some((r) => r.typeOfOffenceId === id)).length,
  },
  formulas: { contracts: (db, id) => db.contracts.filter((c) => c.formulaId === id).length },
};

type Schemas = { item: z.ZodType; input: z.ZodType; update: z.ZodType; listQuery?: z.ZodObject; exportQuery?: z.ZodObject };

/** A catalogue's list, export and records, as server/routes/catalogues.ts answers them. */
function catalogueHandlers(key: CatalogueKey, rules: AnyCatalogueRules, schemas: Schemas) {
  const rows = (db: Db) => db.catalogues[key] as Row[];
  const chosen = (db: Db) => (catalogue: CatalogueKey, id: number) =>
    ((db.catalogues[catalogue] as Row[]).find((row) => row.id === id) as { active: boolean } | undefined) ?? null;
  const find = (db: Db, id: number) => rows(db).find((row) => row.id === id) ?? null;
  /** A record as the API (and so the audit trail) shows it: what only the store keeps is left out. */
  const shown = (row: Row) => schemas.item.parse(row) as Record<string, unknown>;
  const notFound = () => catalogueNotFound(rules);
  const unique = (db: Db, values: Record<string, unknown>, exceptId?: number) =>
    orThrow(
      decideUnique(
        rules,
        values,
        rows(db).filter((row) => row.id !== exceptId),
      ),
    );

  function selected({ sort, q, active, ...filters }: { sort?: string; q?: string; active?: string } & Record<string, unknown>) {
    const order = parseSort(sort, rules.sortFields) ?? rules.first;
    const exact = (rules.filters ?? []).filter((field) => filters[field] !== undefined);
    return rows(mockDb())
      .filter(
        (row) =>
          matchesSearch(q, rules.searchIn, row as Record<string, string>) &&
          (active === undefined || String(row[rules.activeField]) === active) &&
          exact.every((f) => row[f] === filters[f]),
      )
      .sort(listOrder(order, (row, field: string) => row[field] as string));
  }

  return [
    route('get', apiPaths.catalogue(key), ({ request }) => {
      // The session and the matrix first, as the server's onRequest hook: an outsider learns nothing of the query rules.
      requirePrivilege(request, rules.guards.list);
      const { page, limit, ...query } = readQuery(request, schemas.listQuery ?? activeListQuerySchema) as { page: number; limit: number };
      return respond(listEnvelope(schemas.item), { data: pageRows(selected(query), { page, limit }) });
    }),

    route('get', apiPaths.catalogueCsv(key), ({ request }) => {
      requirePrivilege(request, rules.guards.list);
      const { lang, tz, ...query } = readQuery(request, schemas.exportQuery ?? activeExportQuerySchema) as {
        lang: 'en' | 'ms';
        tz: string;
      };
      const found = selected(query);
      checkTimeZone(tz);
      const db = mockDb();
      const names = Object.fromEntries(chosenCatalogues(rules).map((c) => [c, namesIn(db, c)]));
      const csv = catalogueCsv(rules, choiceNames(rules, names));
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
      if (rules.check) orThrow(rules.check(values));
      orThrow(await decideChoices(rules, values, null, chosen(mockDb())));
      const created = updateMockDb((db) => {
        unique(db, values);
        const row = { id: Math.max(0, ...rows(db).map((r) => r.id)) + 1, ...values };
        rows(db).push(row);
        recordAudit(db, session, { action: 'create', entity: rules.entity, entityId: row.id, before: null, after: shown(row) });
        return row;
      });
      return respond(itemEnvelope(schemas.item), { data: created }, 201);
    }),

    route('patch', apiPaths.catalogueItem(key, ':id'), async ({ request, params }) => {
      const session = requirePrivilege(request, rules.guards.update);
      const { id } = readParams(params, idParamsSchema);
      const changes = (await readBody(request, schemas.update)) as Record<string, unknown>;
      if (rules.check) orThrow(rules.check(changes));
      const current = find(mockDb(), id);
      if (!current) throw notFound();
      orThrow(await decideChoices(rules, changes, current, chosen(mockDb())));
      const changed = updateMockDb((db) => {
        const row = find(db, id)!;
        if (Object.keys(changes).length === 0) return row;
        unique(db, changes, id);
        const before = shown(row);
        // Records that point here show its values of today, as the server's joins do.
        Object.assign(row, changes);
        recordAudit(db, session, { action: 'update', entity: rules.entity, entityId: id, before, after: shown(row) });
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
        const uses = Object.fromEntries(Object.entries(USES[key]).map(([kind, count]) => [kind, count!(db, id)]));
        orThrow(decideRemoval(rules, uses));
        (db.catalogues[key] as Row[]) = rows(db).filter((r) => r.id !== id);
        recordAudit(db, session, { action: 'delete', entity: rules.entity, entityId: id, before: shown(row), after: null });
      });
      return noContent();
    }),
  ];
}

const referenceSchemas = { item: referenceSchema, input: referenceInputSchema, update: referenceUpdateSchema };

export const catalogueHandlerList = [
  ...REFERENCE_LIST_KEYS.flatMap((key) => catalogueHandlers(key, REFERENCE_RULES[key], referenceSchemas)),
  ...catalogueHandlers('type-of-offences', TYPE_OF_OFFENCE_RULES, {
    item: typeOfOffenceSchema,
    input: typeOfOffenceInputSchema,
    update: typeOfOffenceUpdateSchema,
  }),
  ...catalogueHandlers('organizations', ORGANIZATION_RULES, CATALOGUE_SCHEMAS.organizations),
  ...catalogueHandlers('personas', PERSONA_RULES, CATALOGUE_SCHEMAS.personas),
  ...catalogueHandlers('formulas', FORMULA_RULES, CATALOGUE_SCHEMAS.formulas),
  route('post', apiPaths.formulaEvaluate, async ({ request }) => {
    requirePrivilege(request, guards.formulaEvaluate);
    const { expression, variables } = await readBody(request, formulaEvaluateRequestSchema);
    return respond(formulaEvaluateResponseSchema, { data: { result: previewFormula(expression, variables) } });
  }),
];
