import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, sortParam } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import { activeExportQuerySchema, activeListQuerySchema } from '../../contract/reference-lists';
import { auditRecord } from '../../domain/audit';
import {
  catalogueCsv,
  catalogueNotFound,
  choiceNames,
  chosenCatalogues,
  decideChoices,
  decideRemoval,
  decideUnique,
  type AnyCatalogueRules,
  type CatalogueKey,
} from '../../domain/catalogues';
import { checkTimeZone } from '../../domain/exports';
import { parseSort } from '../../domain/lists';
import { orThrow, problems } from '../../domain/problems';
import type { Db, DbOrTx } from '../db/client';
import { auditActorOf } from '../http/audit-actor';
import { csvChunks, csvExport, sendCsv, streamInTransaction } from '../http/stream';
import { appendAudit } from '../repositories/audit';
import {
  clashingRows,
  deleteCatalogueRow,
  exportCatalogue,
  findCatalogueRow,
  insertCatalogueRow,
  listCatalogue,
  namesOf,
  unlessTaken,
  updateCatalogueRow,
  usesOf,
  type CatalogueTable,
} from '../repositories/catalogues';
import { CATALOGUE_TABLES } from '../repositories/catalogue-tables';

export interface CatalogueOptions {
  db: Db;
  /** How long an export may hold its database connection. */
  exportLimitMs: number;
  /** Its path under `/api/v1`, e.g. `zones`. */
  key: CatalogueKey;
  rules: AnyCatalogueRules;
  /** The list and export queries default to `page`, `limit`, `sort`, `q` and `active`. */
  schemas: {
    item: z.ZodType;
    /** Its list and one record, as answered (`{ data: … }`): module constants, named in the OpenAPI document. */
    list: z.ZodType;
    response: z.ZodType;
    input: z.ZodType;
    update: z.ZodType;
    listQuery?: z.ZodObject;
    exportQuery?: z.ZodObject;
  };
}

/** The chosen record of a catalogue, as `decideChoices` asks for it. */
const chosen = (tx: DbOrTx) => async (catalogue: CatalogueKey, id: number) =>
  (await findCatalogueRow(tx, CATALOGUE_TABLES[catalogue], id)) as { active: boolean } | null;

const security = [{ bearer: [] }];

/** Each catalogue's name in operation ids (`listZones`, `getZone`) and in words. */
const NAMES: Record<CatalogueKey, { one: string; many: string; words: string }> = {
  'account-types': { one: 'AccountType', many: 'AccountTypes', words: 'account type' },
  'user-types': { one: 'UserType', many: 'UserTypes', words: 'user type' },
  positions: { one: 'Position', many: 'Positions', words: 'position' },
  zones: { one: 'Zone', many: 'Zones', words: 'zone' },
  'organization-types': { one: 'OrganizationType', many: 'OrganizationTypes', words: 'organisation type' },
  'type-of-offences': { one: 'TypeOfOffence', many: 'TypesOfOffence', words: 'type of offence' },
  organizations: { one: 'Organization', many: 'Organizations', words: 'organisation' },
  personas: { one: 'Persona', many: 'Personas', words: 'persona' },
  formulas: { one: 'Formula', many: 'Formulas', words: 'formula' },
};

/**
 * A catalogue's list, export and records (domain/catalogues.ts): read by the screens whose
 * forms offer it, kept by administrators; one in use is never deleted. Every write is one
 * transaction with its audit event.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueOptions> = async (app, { db, exportLimitMs, key, rules, schemas }) => {
  const { guards } = rules;
  const where: CatalogueTable = CATALOGUE_TABLES[key];
  const listQuery = schemas.listQuery ?? activeListQuerySchema;
  const exportQuery = schemas.exportQuery ?? activeExportQuerySchema;
  const listSchema = schemas.list;
  const itemSchema = schemas.response;
  const orderOf = (sort: string | undefined) => parseSort(sort, rules.sortFields) ?? rules.first;
  const notFound = () => catalogueNotFound(rules);
  const { one, many, words } = NAMES[key];
  const plural = words
    .replace(/^type /, 'types ')
    .replace(/(?<!s)$/, 's')
    .replace(/^types of offences$/, 'types of offence');

  async function uniqueOrRefuse<T>(values: Record<string, unknown>, exceptId: number | undefined, tx: DbOrTx, write: () => Promise<T>) {
    orThrow(decideUnique(rules, values, await clashingRows(tx, where, rules, values, exceptId)));
    const written = await unlessTaken(where, write);
    if (written && typeof written === 'object' && 'taken' in written) throw problems.valueTaken(rules.what, [written.taken as string]);
    return written as T;
  }

  app.get(
    `/${apiPaths.catalogue(key)}`,
    {
      onRequest: app.requirePrivilege(guards.list),
      schema: {
        operationId: `list${many}`,
        summary: `List ${plural}`,
        description: `Records of ${key} (sort: ${rules.sortFields.join(', ')}; q: in ${rules.searchIn.join(', ')}; active: true or false)`,
        security,
        querystring: listQuery.extend({ sort: sortParam(rules.sortFields) }),
        response: { 200: listSchema },
      },
    },
    async (request) => {
      const { sort, q, active, page, limit, ...filters } = request.query as z.output<typeof activeListQuerySchema> &
        Record<string, number | undefined>;
      return { data: await listCatalogue(db, where, rules, { page, limit, q, active, where: filters, sort: orderOf(sort) }) };
    },
  );

  app.get(
    `/${apiPaths.catalogueCsv(key)}`,
    {
      onRequest: app.requirePrivilege(guards.list),
      schema: {
        operationId: `export${many}Csv`,
        summary: `Export ${plural} as CSV`,
        description: `Every record of ${key} the list query matches, as CSV (headers in \`lang\`); streamed`,
        security,
        querystring: exportQuery.extend({ sort: sortParam(rules.sortFields) }),
        ...csvExport('CSV, one line per record'),
      },
    },
    async (request, reply) => {
      const { sort, lang, tz, q, active, ...filters } = request.query as z.output<typeof activeExportQuerySchema> &
        Record<string, number | undefined>;
      checkTimeZone(tz);
      const query = { q, active, where: filters, sort: orderOf(sort) };
      const lines = await streamInTransaction(db, request.log, exportLimitMs, async function* (tx) {
        const names = Object.fromEntries(
          await Promise.all(chosenCatalogues(rules).map(async (c) => [c, await namesOf(tx, CATALOGUE_TABLES[c])] as const)),
        );
        const csv = catalogueCsv(rules, choiceNames(rules, names));
        yield* csvChunks(csv.header(lang), exportCatalogue(tx, where, rules, query), (row) => csv.line(row as never, lang));
      });
      return sendCsv(reply, rules.csv.fileName, lines);
    },
  );

  app.get(
    `/${apiPaths.catalogueItem(key, ':id')}`,
    {
      onRequest: app.requirePrivilege(guards.list),
      schema: {
        operationId: `get${one}`,
        summary: `Read one ${words}`,
        description: `One record of ${key}`,
        security,
        params: idParamsSchema,
        response: { 200: itemSchema },
      },
    },
    async (request) => {
      const row = await findCatalogueRow(db, where, request.params.id);
      if (!row) throw notFound();
      return { data: row };
    },
  );

  app.post(
    `/${apiPaths.catalogue(key)}`,
    {
      config: { problems: [problems.valueTaken, problems.choiceNotActive, ...(rules.check ? [problems.formulaInvalid] : [])] },
      onRequest: app.requirePrivilege(guards.create),
      schema: {
        operationId: `create${one}`,
        summary: `Add a ${words}`,
        description: `Add to ${key} (${rules.unique.join(' and ')} unique whatever their case)`,
        security,
        body: schemas.input,
        response: { 201: itemSchema },
      },
    },
    async (request, reply) => {
      const values = request.body as Record<string, unknown>;
      if (rules.check) orThrow(rules.check(values));
      const created = await db.transaction(async (tx) => {
        orThrow(await decideChoices(rules, values, null, chosen(tx)));
        const row = await uniqueOrRefuse(values, undefined, tx, () => insertCatalogueRow(tx, where, values));
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({ action: 'create', entity: rules.entity, entityId: row.id, before: null, after: row }),
        );
        return row;
      });
      return reply.code(201).send({ data: created });
    },
  );

  app.patch(
    `/${apiPaths.catalogueItem(key, ':id')}`,
    {
      config: { problems: [problems.valueTaken, problems.choiceNotActive, ...(rules.check ? [problems.formulaInvalid] : [])] },
      onRequest: app.requirePrivilege(guards.update),
      schema: {
        operationId: `update${one}`,
        summary: `Change a ${words}`,
        description: `Change a record of ${key}; ${rules.activeField} false deactivates it`,
        security,
        params: idParamsSchema,
        body: schemas.update,
        response: { 200: itemSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body as Record<string, unknown>;
      if (rules.check) orThrow(rules.check(changes));
      const changed = await db.transaction(async (tx) => {
        const before = await findCatalogueRow(tx, where, id, true);
        if (!before) throw notFound();
        if (Object.keys(changes).length === 0) return before;
        orThrow(await decideChoices(rules, changes, before, chosen(tx)));
        const after = await uniqueOrRefuse(changes, id, tx, () => updateCatalogueRow(tx, where, id, changes));
        await appendAudit(tx, auditActorOf(request), auditRecord({ action: 'update', entity: rules.entity, entityId: id, before, after }));
        return after;
      });
      return { data: changed };
    },
  );

  app.delete(
    `/${apiPaths.catalogueItem(key, ':id')}`,
    {
      config: { problems: [problems.inUse] },
      onRequest: app.requirePrivilege(guards.delete),
      schema: {
        operationId: `delete${one}`,
        summary: `Delete a ${words}`,
        description: `Delete a record of ${key} nothing uses (409 otherwise: deactivate it)`,
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const before = await findCatalogueRow(tx, where, id, true);
        if (!before) throw notFound();
        orThrow(decideRemoval(rules, await usesOf(tx, where, id)));
        await deleteCatalogueRow(tx, where, id);
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({ action: 'delete', entity: rules.entity, entityId: id, before, after: null }),
        );
      });
      return reply.code(204).send(null);
    },
  );
};
