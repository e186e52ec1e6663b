import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listQuerySchema } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import {
  TYPE_OF_OFFENCE_SORT_FIELDS,
  typeOfOffenceExportQuerySchema,
  typeOfOffenceInputSchema,
  typeOfOffenceListResponseSchema,
  typeOfOffenceResponseSchema,
  typeOfOffenceUpdateSchema,
} from '../../contract/type-of-offences';
import { guards } from '../../domain/access';
import { checkTimeZone, typeOfOffenceCsv } from '../../domain/exports';
import { parseSort } from '../../domain/lists';
import { orThrow, problems } from '../../domain/problems';
import { decideOffenceTypeDelete, decideOffenceTypeName } from '../../domain/type-of-offences';
import type { Db } from '../db/client';
import { csvExport, sendCsv, streamInTransaction } from '../http/stream';
import {
  deleteTypeOfOffence,
  insertTypeOfOffence,
  exportTypeOfOffences,
  listTypeOfOffences,
  lockTypeOfOffenceUse,
  updateTypeOfOffence,
} from '../repositories/type-of-offences';

const security = [{ bearer: [] }];

/** Offence types: every complaint screen reads them; administrators create, rename, re-rate and deactivate; one in use is never deleted. */
export const typeOfOffenceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${apiPaths.typeOfOffences}`, {
    onRequest: app.requirePrivilege(guards.typeOfOffenceList),
    schema: {
      summary: `Types of offence, by name (sort: ${TYPE_OF_OFFENCE_SORT_FIELDS.join(', ')}; q: in name or description)`,
      security,
      querystring: listQuerySchema,
      response: { 200: typeOfOffenceListResponseSchema },
    },
  }, async (request) => {
    const { sort, ...query } = request.query;
    return { data: await listTypeOfOffences(db, { ...query, sort: parseSort(sort, TYPE_OF_OFFENCE_SORT_FIELDS) }) };
  });

  app.get(`/${apiPaths.typeOfOffencesCsv}`, {
    onRequest: app.requirePrivilege(guards.typeOfOffenceList),
    schema: {
      summary: 'Every type of offence the list query matches, as CSV (headers in `lang`); streamed',
      security,
      querystring: typeOfOffenceExportQuerySchema,
      ...csvExport('CSV, one line per type'),
    },
  }, async (request, reply) => {
    const { sort, q, lang, tz } = request.query;
    checkTimeZone(tz);
    const query = { sort: parseSort(sort, TYPE_OF_OFFENCE_SORT_FIELDS), q };
    const lines = streamInTransaction(db, request.log, async function* (tx) {
      yield typeOfOffenceCsv.header(lang);
      for await (const batch of exportTypeOfOffences(tx, query)) yield batch.map((t) => typeOfOffenceCsv.line(t, lang)).join('');
    });
    return sendCsv(reply, typeOfOffenceCsv.fileName(), lines);
  });

  app.post(`/${apiPaths.typeOfOffences}`, {
    config: { problems: [problems.offenceTypeNameTaken] },
    onRequest: app.requirePrivilege(guards.typeOfOffenceCreate),
    schema: { summary: 'Create a type of offence (unique name)', security, body: typeOfOffenceInputSchema, response: { 201: typeOfOffenceResponseSchema } },
  }, async (request, reply) => {
    const created = await insertTypeOfOffence(db, request.body);
    orThrow(decideOffenceTypeName(request.body.name, created === 'nameTaken'));
    return reply.code(201).send({ data: created as Exclude<typeof created, 'nameTaken'> });
  });

  app.patch(`/${apiPaths.typeOfOffence(':id')}`, {
    config: { problems: [problems.offenceTypeNameTaken] },
    onRequest: app.requirePrivilege(guards.typeOfOffenceUpdate),
    schema: { summary: 'Change a type of offence; isActive false deactivates it', security, params: idParamsSchema, body: typeOfOffenceUpdateSchema, response: { 200: typeOfOffenceResponseSchema } },
  }, async (request) => {
    const changed = await updateTypeOfOffence(db, request.params.id, request.body);
    orThrow(decideOffenceTypeName(request.body.name, changed === 'nameTaken'));
    if (!changed) throw problems.notFound('Type of offence');
    return { data: changed as Exclude<typeof changed, 'nameTaken'> };
  });

  app.delete(`/${apiPaths.typeOfOffence(':id')}`, {
    config: { problems: [problems.offenceTypeInUse] },
    onRequest: app.requirePrivilege(guards.typeOfOffenceDelete),
    schema: { summary: 'Delete a type of offence no complaint or contract uses (409 otherwise: deactivate it)', security, params: idParamsSchema, response: { 204: z.null() } },
  }, async (request, reply) => {
    const { id } = request.params;
    await db.transaction(async (tx) => {
      const found = await lockTypeOfOffenceUse(tx, id);
      if (!found) throw problems.notFound('Type of offence');
      orThrow(decideOffenceTypeDelete(found.inUse));
      await deleteTypeOfOffence(tx, id);
    });
    return reply.code(204).send(null);
  });
};
