import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PRIVILEGE_ACTIONS, type MenuGroup } from '../../contract/menu';
import type { DbOrTx } from '../db/client';
import { menuGroups, menuItems, privileges } from '../db/schema';
import { sha256 } from '../services/tokens';
import { prepared } from './prepared';

export type Action = 'view' | 'create' | 'update' | 'delete' | 'justify' | 'verify';

const actionColumn = {
  view: privileges.canView,
  create: privileges.canCreate,
  update: privileges.canUpdate,
  delete: privileges.canDelete,
  justify: privileges.canJustify,
  verify: privileges.canVerify,
} as const;

/** Statement names by action and keys: a route asks the same question on every request. */
const allowedNames = new Map<string, string>();

function allowedName(itemKeys: readonly string[], action: Action) {
  const id = `${action}\0${itemKeys.join('\0')}`;
  let name = allowedNames.get(id);
  // The keys are in the SQL text, so they are in the name; hashed, as names stop at 63 characters.
  if (!name) allowedNames.set(id, (name = `privileges_allowed_${action}_${sha256(JSON.stringify(itemKeys)).slice(0, 16)}`));
  return name;
}

/**
 * Whether the matrix lets this user type do `action` on any of the menu items named. Asked on
 * every guarded request, so prepared once per question; the answer itself is never cached.
 */
export async function isAllowed(db: DbOrTx, userTypeId: number, itemKeys: readonly string[], action: Action) {
  const query = prepared(db, allowedName(itemKeys, action), (name) => db
    .select({ key: menuItems.key })
    .from(privileges)
    .innerJoin(menuItems, eq(menuItems.id, privileges.menuItemId))
    .where(and(eq(privileges.userTypeId, sql.placeholder('userTypeId')), inArray(menuItems.key, [...itemKeys]), eq(actionColumn[action], true)))
    .limit(1)
    .prepare(name));
  const rows = await query.execute({ userTypeId });
  return rows.length > 0;
}

/** The sidebar: the groups and items this user type may view, in menu order. */
export async function menuFor(db: DbOrTx, userTypeId: number): Promise<MenuGroup[]> {
  const rows = await db
    .select({
      group: menuGroups.name,
      icon: menuGroups.icon,
      name: menuItems.name,
      url: menuItems.url,
      view: privileges.canView,
      create: privileges.canCreate,
      update: privileges.canUpdate,
      delete: privileges.canDelete,
      justify: privileges.canJustify,
      verify: privileges.canVerify,
    })
    .from(privileges)
    .innerJoin(menuItems, eq(menuItems.id, privileges.menuItemId))
    .innerJoin(menuGroups, eq(menuGroups.id, menuItems.groupId))
    .where(and(eq(privileges.userTypeId, userTypeId), eq(privileges.canView, true)))
    .orderBy(asc(menuGroups.sortOrder), asc(menuItems.sortOrder));
  const groups = new Map<string, MenuGroup>();
  for (const row of rows) {
    const group = groups.get(row.group) ?? { name: row.group, icon: row.icon, menuItems: [] };
    group.menuItems.push({ name: row.name, url: row.url, actions: PRIVILEGE_ACTIONS.filter((action) => row[action]) });
    groups.set(row.group, group);
  }
  return [...groups.values()];
}
