import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRIVILEGE_ACTIONS, type PrivilegeAction } from '../../contract/menu';
import { supportedActions } from '../../contract/menu-items';
import { apiPaths } from '../../contract/paths';
import { privilegeMatrixResponseSchema, privilegeRowsSchema, userTypeParamsSchema } from '../../contract/privileges';
import { guards } from '../../domain/access';
import { auditRecord } from '../../domain/audit';
import { orThrow, problems } from '../../domain/problems';
import { decideMatrixRows, matrixVersion } from '../../domain/privileges';
import type { Db, DbOrTx } from '../db/client';
import { auditActorOf } from '../http/audit-actor';
import { appendAudit } from '../repositories/audit';
import { matrixOf, replaceRows } from '../repositories/privileges';

const security = [{ bearer: [] }];

/** The matrix as the API shows it (contract/privileges.ts). */
async function shownMatrix(db: DbOrTx) {
  const { types, items, grants } = await matrixOf(db);
  const groups = new Map<
    number,
    { id: number; name: string; items: { id: number; name: string; url: string; supports: PrivilegeAction[] }[] }
  >();
  for (const item of items) {
    const group = groups.get(item.groupId) ?? { id: item.groupId, name: item.group, items: [] };
    group.items.push({ id: item.id, name: item.name, url: item.url, supports: [...supportedActions(item.key)] });
    groups.set(item.groupId, group);
  }
  return {
    version: matrixVersion(grants),
    actions: [...PRIVILEGE_ACTIONS],
    userTypes: types.map(({ id, name }) => ({ id, name })),
    groups: [...groups.values()],
    grants,
  };
}

/** Matrix Privilege: read the whole matrix; replace one user type's row set on the version read. */
export const privilegeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    `/${apiPaths.privilegeMatrix}`,
    {
      onRequest: app.requirePrivilege(guards.matrixRead),
      schema: {
        operationId: 'getPrivilegeMatrix',
        summary: 'Read the privilege matrix',
        description: 'Every user type × menu item, the actions each item supports, and the version to save on',
        security,
        response: { 200: privilegeMatrixResponseSchema },
      },
    },
    async () => ({ data: await shownMatrix(db) }),
  );

  app.put(
    `/${apiPaths.privilegeRows(':userTypeId')}`,
    {
      config: { problems: [problems.matrixStale, problems.actionNotSupported, problems.matrixLockout, problems.invalidField] },
      onRequest: app.requirePrivilege(guards.matrixUpdate),
      schema: {
        operationId: 'replaceUserTypePrivileges',
        summary: 'Replace one user type’s privileges',
        description: 'Replace one user type’s privileges; effective on the next request of each of its users (409 on a stale version)',
        security,
        params: userTypeParamsSchema,
        body: privilegeRowsSchema,
        response: { 200: privilegeMatrixResponseSchema },
      },
    },
    async (request) => {
      const { userTypeId } = request.params;
      const { version, grants } = request.body;
      await db.transaction(async (tx) => {
        const current = await matrixOf(tx, true);
        const type = current.types.find((t) => t.id === userTypeId);
        if (!type) throw problems.notFound('User type');
        const rows = orThrow(
          decideMatrixRows({
            currentVersion: matrixVersion(current.grants),
            askedVersion: version,
            items: current.items,
            grants,
            userTypeKey: type.key,
          }),
        );
        await replaceRows(tx, userTypeId, rows);
        const byKey = (g: Record<string, readonly string[]>) =>
          Object.fromEntries(current.items.filter((i) => g[String(i.id)]).map((i) => [i.key, g[String(i.id)]]));
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({
            action: 'update',
            entity: 'privileges',
            entityId: userTypeId,
            before: byKey(current.grants[String(userTypeId)] ?? {}),
            after: byKey(rows),
          }),
        );
      });
      return { data: await shownMatrix(db) };
    },
  );
};
