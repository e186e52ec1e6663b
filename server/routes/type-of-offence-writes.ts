import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problems } from '../../domain/problems';
import { z } from 'zod';
import { apiPaths } from '../../contract/paths';
import { typeOfOffenceInputSchema, typeOfOffenceResponseSchema, typeOfOffenceUpdateSchema } from '../../contract/type-of-offences';
import type { Db } from '../db/client';
import { complaints, contractRates, typeOfOffences } from '../db/schema';
import { notFound, Problem } from '../http/problem';
import { MENU } from './menu-keys';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const security = [{ bearer: [] }];
const UNIQUE_NAME = 'type_of_offences_name_lower_key';

const nameTaken = () =>
  new Problem(409, 'Name already used', 'Another type of offence has this name.', { name: ['Another type of offence has this name.'] });

/** PostgreSQL's unique violation on the name, whatever layer wrapped it. */
function isNameClash(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === UNIQUE_NAME) return true;
  }
  return false;
}

/** Offence types: administrators create, rename, re-rate and deactivate; one in use is never deleted. */
export const typeOfOffenceWriteRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(`/${apiPaths.typeOfOffences}`, {
    config: { problems: [problems.offenceTypeNameTaken] },
    onRequest: app.requirePrivilege([MENU.typeOfOffence], 'create'),
    schema: { summary: 'Create a type of offence (unique name)', security, body: typeOfOffenceInputSchema, response: { 201: typeOfOffenceResponseSchema } },
  }, async (request, reply) => {
    try {
      const [row] = await db.insert(typeOfOffences).values(request.body).returning();
      return reply.code(201).send({ data: row! });
    } catch (error) {
      if (isNameClash(error)) throw nameTaken();
      throw error;
    }
  });

  app.patch(`/${apiPaths.typeOfOffence(':id')}`, {
    config: { problems: [problems.offenceTypeNameTaken] },
    onRequest: app.requirePrivilege([MENU.typeOfOffence], 'update'),
    schema: { summary: 'Change a type of offence; isActive false deactivates it', security, params: idParams, body: typeOfOffenceUpdateSchema, response: { 200: typeOfOffenceResponseSchema } },
  }, async (request) => {
    try {
      const changes = request.body;
      const [row] = Object.keys(changes).length
        ? await db.update(typeOfOffences).set(changes).where(eq(typeOfOffences.id, request.params.id)).returning()
        : await db.select().from(typeOfOffences).where(eq(typeOfOffences.id, request.params.id));
      if (!row) throw notFound('Type of offence');
      return { data: row };
    } catch (error) {
      if (isNameClash(error)) throw nameTaken();
      throw error;
    }
  });

  app.delete(`/${apiPaths.typeOfOffence(':id')}`, {
    config: { problems: [problems.offenceTypeInUse] },
    onRequest: app.requirePrivilege([MENU.typeOfOffence], 'delete'),
    schema: { summary: 'Delete a type of offence no complaint or contract uses (409 otherwise: deactivate it)', security, params: idParams, response: { 204: z.null() } },
  }, async (request, reply) => {
    const { id } = request.params;
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ id: typeOfOffences.id }).from(typeOfOffences).where(eq(typeOfOffences.id, id)).for('update');
      if (!row) throw notFound('Type of offence');
      const [use] = await tx.execute<{ used: boolean }>(
        sql`select exists (select 1 from ${complaints} where ${complaints.typeOfOffenceId} = ${id}) or exists (select 1 from ${contractRates} where ${contractRates.typeOfOffenceId} = ${id}) as used`,
      ).then((r) => r.rows);
      if (use?.used) throw new Problem(409, 'In use', 'Complaints or contracts use this type of offence; deactivate it instead.');
      await tx.delete(typeOfOffences).where(eq(typeOfOffences.id, id));
    });
    return reply.code(204).send(null);
  });
};
