import {
  apiPaths,
  menuItemKey,
  PRIVILEGE_ACTIONS,
  privilegeMatrixResponseSchema,
  privilegeRowsSchema,
  supportedActions,
  userTypeParamsSchema,
} from '@contract';
import { MENU_GROUP_IDS, MENU_ITEM_IDS, menuLayout } from '@fixtures';
import { decideMatrixRows, guards, matrixVersion, orThrow, problems, type MatrixGrants } from '@domain';
import { recordAudit } from '../audit';
import { mockDb, updateMockDb, type MockDbState } from '../db';
import { readBody, readParams, respond, route } from '../http';
import { requirePrivilege } from '../session';

type Db = Readonly<MockDbState>;

const items = menuLayout.flatMap((group) =>
  group.menuItems.map((item) => ({ id: MENU_ITEM_IDS[menuItemKey(item)]!, key: menuItemKey(item) })),
);
const keyOfItem = new Map(items.map((i) => [String(i.id), i.key]));

/** The store keeps grants by menu item key; the API names items by id. */
const grantsById = (db: Db): MatrixGrants =>
  Object.fromEntries(
    db.catalogues['user-types'].map((type) => [
      String(type.id),
      Object.fromEntries(
        items.filter((i) => db.grants[type.id]?.[i.key]?.length).map((i) => [String(i.id), [...db.grants[type.id]![i.key]!]]),
      ),
    ]),
  );

function matrix(db: Db) {
  const grants = grantsById(db);
  return {
    version: matrixVersion(grants),
    actions: [...PRIVILEGE_ACTIONS],
    userTypes: db.catalogues['user-types'].map(({ id, name }) => ({ id, name })),
    groups: menuLayout.map((group) => ({
      id: MENU_GROUP_IDS[group.name]!,
      name: group.name,
      items: group.menuItems.map((item) => ({
        id: MENU_ITEM_IDS[menuItemKey(item)]!,
        name: item.name,
        url: item.url,
        supports: [...supportedActions(menuItemKey(item))],
      })),
    })),
    grants,
  };
}

export const privilegeHandlers = [
  route('get', apiPaths.privilegeMatrix, ({ request }) => {
    requirePrivilege(request, guards.matrixRead);
    return respond(privilegeMatrixResponseSchema, { data: matrix(mockDb()) });
  }),

  route('put', apiPaths.privilegeRows(':userTypeId'), async ({ request, params }) => {
    const session = requirePrivilege(request, guards.matrixUpdate);
    const { userTypeId } = readParams(params, userTypeParamsSchema);
    const { version, grants } = await readBody(request, privilegeRowsSchema);
    updateMockDb((db) => {
      const type = db.catalogues['user-types'].find((t) => t.id === userTypeId);
      if (!type) throw problems.notFound('User type');
      const current = grantsById(db);
      const rows = orThrow(
        decideMatrixRows({ currentVersion: matrixVersion(current), askedVersion: version, items, grants, userTypeKey: type.key ?? null }),
      );
      const byKey = (g: Record<string, readonly string[]>) =>
        Object.fromEntries(Object.entries(g).map(([id, actions]) => [keyOfItem.get(id)!, [...actions]]));
      db.grants[userTypeId] = byKey(rows) as MockDbState['grants'][number];
      recordAudit(db, session, {
        action: 'update',
        entity: 'privileges',
        entityId: userTypeId,
        before: byKey(current[String(userTypeId)] ?? {}),
        after: byKey(rows),
      });
    });
    return respond(privilegeMatrixResponseSchema, { data: matrix(mockDb()) });
  }),
];
