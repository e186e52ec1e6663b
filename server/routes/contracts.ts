import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contractExportQuerySchema,
  contractInputSchema,
  contractListQuerySchema,
  contractResponseSchema,
  contractListResponseSchema,
  contractUpdateSchema,
} from '../../contract/contracts';
import { idParamsSchema, sortParam } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import { auditRecord } from '../../domain/audit';
import { choiceNames, chosenCatalogues, decideChoices, decideRemoval, decideUnique, type CatalogueKey } from '../../domain/catalogues';
import { CONTRACT_RULES, CONTRACTS_CSV_FILE_NAME, contractCsv, decideContractValues } from '../../domain/contracts';
import { checkTimeZone } from '../../domain/exports';
import { parseSort } from '../../domain/lists';
import { orThrow, problems } from '../../domain/problems';
import type { Db, DbOrTx } from '../db/client';
import { auditActorOf } from '../http/audit-actor';
import { csvChunks, csvExport, sendCsv, streamInTransaction } from '../http/stream';
import { appendAudit } from '../repositories/audit';
import { clashingRows, findCatalogueRow, namesOf, unlessTaken, usesOf } from '../repositories/catalogues';
import { CATALOGUE_TABLES } from '../repositories/catalogue-tables';
import {
  CONTRACT_TABLE,
  deleteContract,
  existingOffenceTypes,
  exportContracts,
  findContract,
  insertContract,
  listContracts,
  updateContract,
} from '../repositories/contracts';

const security = [{ bearer: [] }];
const rules = CONTRACT_RULES;
const orderOf = (sort: string | undefined) => parseSort(sort, rules.sortFields) ?? rules.first;
const chosen = (tx: DbOrTx) => async (catalogue: CatalogueKey, id: number) =>
  (await findCatalogueRow(tx, CATALOGUE_TABLES[catalogue], id)) as { active: boolean } | null;

/**
 * Contracts (domain/contracts.ts): listed by contractor, zone and running day, exported,
 * kept with their rates; one that complaints or claim records name is never deleted. Every
 * write is one transaction with its audit event.
 */
export const contractRoutes: FastifyPluginAsyncZod<{ db: Db; exportLimitMs: number }> = async (app, { db, exportLimitMs }) => {
  const { guards } = rules;

  /** The checks of a write in `tx`, then the write, refused if another took its number meanwhile. */
  async function checkedWrite(
    tx: DbOrTx,
    values: Record<string, unknown>,
    current: Awaited<ReturnType<typeof findContract>>,
    write: () => Promise<Awaited<ReturnType<typeof findContract>>>,
  ) {
    const rates = (values.rates ?? []) as { typeOfOffenceId: number }[];
    const existing = await existingOffenceTypes(
      tx,
      rates.map((r) => r.typeOfOffenceId),
    );
    orThrow(decideContractValues(values, current, (id) => existing.has(id)));
    orThrow(await decideChoices(rules, values, current, chosen(tx)));
    orThrow(decideUnique(rules, values, await clashingRows(tx, CONTRACT_TABLE, rules, values, current?.id)));
    const written = await unlessTaken(CONTRACT_TABLE, write);
    if (written && 'taken' in written) throw problems.valueTaken(rules.what, [written.taken]);
    return written!;
  }

  app.get(
    `/${apiPaths.catalogue('contracts')}`,
    {
      onRequest: app.requirePrivilege(guards.list),
      schema: {
        operationId: 'listContracts',
        summary: 'List contracts',
        description:
          'Contracts (sort: contractNo, title, startDate, endDate, value; q: in number and title; organizationId, zoneId, activeOn)',
        security,
        querystring: contractListQuerySchema.extend({ sort: sortParam(rules.sortFields) }),
        response: { 200: contractListResponseSchema },
      },
    },
    async (request) => {
      const { sort, ...query } = request.query;
      return { data: await listContracts(db, { ...query, sort: orderOf(sort) }) };
    },
  );

  app.get(
    `/${apiPaths.catalogueCsv('contracts')}`,
    {
      onRequest: app.requirePrivilege(guards.list),
      schema: {
        operationId: 'exportContractsCsv',
        summary: 'Export contracts as CSV',
        description: 'Every contract the list query matches, as CSV (headers in `lang`); streamed',
        security,
        querystring: contractExportQuerySchema.extend({ sort: sortParam(rules.sortFields) }),
        ...csvExport('CSV, one line per contract'),
      },
    },
    async (request, reply) => {
      const { sort, lang, tz, ...filters } = request.query;
      checkTimeZone(tz);
      const query = { ...filters, sort: orderOf(sort) };
      const lines = await streamInTransaction(db, request.log, exportLimitMs, async function* (tx) {
        const names = Object.fromEntries(
          await Promise.all(chosenCatalogues(rules).map(async (c) => [c, await namesOf(tx, CATALOGUE_TABLES[c])] as const)),
        );
        const csv = contractCsv(choiceNames(rules, names));
        yield* csvChunks(csv.header(lang), exportContracts(tx, query), csv.line);
      });
      return sendCsv(reply, CONTRACTS_CSV_FILE_NAME, lines);
    },
  );

  app.get(
    `/${apiPaths.catalogueItem('contracts', ':id')}`,
    {
      onRequest: app.requirePrivilege(guards.list),
      schema: {
        operationId: 'getContract',
        summary: 'Read one contract',
        description: 'One contract with its rates',
        security,
        params: idParamsSchema,
        response: { 200: contractResponseSchema },
      },
    },
    async (request) => {
      const contract = await findContract(db, request.params.id);
      if (!contract) throw problems.notFound('Contract');
      return { data: contract };
    },
  );

  app.post(
    `/${apiPaths.catalogue('contracts')}`,
    {
      config: { problems: [problems.valueTaken, problems.choiceNotActive, problems.contractDates, problems.invalidField] },
      onRequest: app.requirePrivilege(guards.create),
      schema: {
        operationId: 'createContract',
        summary: 'Add a contract',
        description: 'Add a contract (number unique whatever its case; end on or after start; each offence type rated once)',
        security,
        body: contractInputSchema,
        response: { 201: contractResponseSchema },
      },
    },
    async (request, reply) => {
      const values = request.body;
      const created = await db.transaction(async (tx) => {
        const row = await checkedWrite(tx, values, null, () => insertContract(tx, values));
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
    `/${apiPaths.catalogueItem('contracts', ':id')}`,
    {
      config: { problems: [problems.valueTaken, problems.choiceNotActive, problems.contractDates, problems.invalidField] },
      onRequest: app.requirePrivilege(guards.update),
      schema: {
        operationId: 'updateContract',
        summary: 'Change a contract',
        description: 'Change a contract; `rates` replaces them all',
        security,
        params: idParamsSchema,
        body: contractUpdateSchema,
        response: { 200: contractResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const changed = await db.transaction(async (tx) => {
        const before = await findContract(tx, id, true);
        if (!before) throw problems.notFound('Contract');
        if (Object.keys(changes).length === 0) return before;
        const after = await checkedWrite(tx, changes, before, () => updateContract(tx, id, changes));
        await appendAudit(tx, auditActorOf(request), auditRecord({ action: 'update', entity: rules.entity, entityId: id, before, after }));
        return after;
      });
      return { data: changed };
    },
  );

  app.delete(
    `/${apiPaths.catalogueItem('contracts', ':id')}`,
    {
      config: { problems: [problems.inUse] },
      onRequest: app.requirePrivilege(guards.delete),
      schema: {
        operationId: 'deleteContract',
        summary: 'Delete a contract',
        description: 'Delete a contract no complaint or claim record names (409 otherwise)',
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const before = await findContract(tx, id, true);
        if (!before) throw problems.notFound('Contract');
        orThrow(decideRemoval(rules, await usesOf(tx, CONTRACT_TABLE, id)));
        await deleteContract(tx, id);
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
