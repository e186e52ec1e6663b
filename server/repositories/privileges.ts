import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PRIVILEGE_ACTIONS, type MenuGroup, type PrivilegeAction } from '../../contract/menu';
import type { Grants, Guard } from '../../domain/access';
import type { DbOrTx } from '../db/client';
import { menuGroups, menuItems, privileges, userTypes } from '../db/schema';
import { sha256 } from '../services/tokens';
import { prepared } from './prepared';

export const actionColumn = {
  view: privileges.canView,
  create: privileges.canCreate,
  update: privileges.canUpdate,
  delete: privileges.canDelete,
  justify: privileges.canJustify,
  verify: privileges.canVerify,
} as const satisfies Record<PrivilegeAction, unknown>;

/** Statement names by action and keys: a route asks the same question on every request. */
const allowedNames = new Map<string, string>();

function allowedName({ itemKeys, action }: Guard) {
  const id = `${action}\0${itemKeys.join('\0')}`;
  let name = allowedNames.get(id);
  // The keys are in the SQL text, so they are in the name; hashed, as names stop at 63 characters.
  if (!name) allowedNames.set(id, (name = `privileges_allowed_${action}_${sha256(JSON.stringify(itemKeys)).slice(0, 16)}`));
  return name;
}

/**
 * Whether the matrix lets this user type do what the guard names on any of its menu items.
 * Asked on every guarded request, so prepared once per question; the answer is never cached.
 */
export async function isAllowed(db: DbOrTx, userTypeId: number, guard: Guard) {
  const { itemKeys, action } = guard;
  const query = prepared(db, allowedName(guard), (name) =>
    db
      .select({ key: menuItems.key })
      .from(privileges)
      .innerJoin(menuItems, eq(menuItems.id, privileges.menuItemId))
      .where(
        and(
          eq(privileges.userTypeId, sql.placeholder('userTypeId')),
          inArray(menuItems.key, [...itemKeys]),
          eq(actionColumn[action], true),
        ),
      )
      .limit(1)
      .prepare(name),
  );
  const rows = await query.execute({ userTypeId });
  return rows.length > 0;
}

/** Every menu group and item, in menu order, as yet without actions. */
export async function menuLayout(db: DbOrTx): Promise<MenuGroup[]> {
  const rows = await db
    .select({ group: menuGroups.name, icon: menuGroups.icon, name: menuItems.name, url: menuItems.url })
    .from(menuItems)
    .innerJoin(menuGroups, eq(menuGroups.id, menuItems.groupId))
    .orderBy(asc(menuGroups.sortOrder), asc(menuItems.sortOrder));
  const groups = new Map<string, MenuGroup>();
  for (const row of rows) {
    const group = groups.get(row.group) ?? { name: row.group, icon: row.icon, menuItems: [] };
    group.menuItems.push({ name: row.name, url: row.url, actions: [] });
    groups.set(row.group, group);
  }
  return [...groups.values()];
}

/** One user type's rows of the matrix: menu item key → the actions allowed on it. */
export async function grantsOf(db: DbOrTx, userTypeId: number): Promise<Grants> {
  const rows = await db
    .select({ key: menuItems.key, ...actionColumn })
    .from(privileges)
    .innerJoin(menuItems, eq(menuItems.id, privileges.menuItemId))
    .where(eq(privileges.userTypeId, userTypeId));
  return Object.fromEntries(rows.map((row) => [row.key, PRIVILEGE_ACTIONS.filter((action) => row[action])]));
}

/**
 * The whole matrix as administrators edit it: user types, groups and items by id, grants.
 * In a transaction that means to change it, `lock` first makes every other change wait.
 */
export async function matrixOf(db: DbOrTx, lock = false) {
  if (lock) await db.execute(sql`lock table ${privileges} in share row exclusive mode`);
  const types = await db.select({ id: userTypes.id, name: userTypes.name, key: userTypes.key }).from(userTypes).orderBy(asc(userTypes.id));
  const items = await db
    .select({
      groupId: menuGroups.id,
      group: menuGroups.name,
      id: menuItems.id,
      key: menuItems.key,
      name: menuItems.name,
      url: menuItems.url,
    })
    .from(menuItems)
    .innerJoin(menuGroups, eq(menuGroups.id, menuItems.groupId))
    .orderBy(asc(menuGroups.sortOrder), asc(menuItems.sortOrder));
  const rows = await db.select({ userTypeId: privileges.userTypeId, menuItemId: privileges.menuItemId, ...actionColumn }).from(privileges);
  const grants: Record<string, Record<string, PrivilegeAction[]>> = Object.fromEntries(types.map((t) => [String(t.id), {}]));
  for (const row of rows) {
    const actions = PRIVILEGE_ACTIONS.filter((a) => row[a]);
    if (actions.length) grants[String(row.userTypeId)]![String(row.menuItemId)] = actions;
  }
  return { types, items, grants };
}

/** Replaces one user type's row set. */
export async function replaceRows(tx: DbOrTx, userTypeId: number, rows: Readonly<Record<string, readonly PrivilegeAction[]>>) {
  await tx.delete(privileges).where(eq(privileges.userTypeId, userTypeId));
  const values = Object.entries(rows).map(([menuItemId, actions]) => ({
    userTypeId,
    menuItemId: Number(menuItemId),
    ...actionFlags(actions),
  }));
  if (values.length) await tx.insert(privileges).values(values);
}

/** A row's action columns from the actions it allows. */
export const actionFlags = (actions: readonly string[]) => ({
  canView: actions.includes('view'),
  canCreate: actions.includes('create'),
  canUpdate: actions.includes('update'),
  canDelete: actions.includes('delete'),
  canJustify: actions.includes('justify'),
  canVerify: actions.includes('verify'),
});
