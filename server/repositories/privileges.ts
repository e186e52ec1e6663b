import { and, asc, eq, inArray } from 'drizzle-orm';
import { PRIVILEGE_ACTIONS, type MenuGroup } from '../../contract/menu';
import type { DbOrTx } from '../db/client';
import { menuGroups, menuItems, privileges } from '../db/schema';

export type Action = 'view' | 'create' | 'update' | 'delete' | 'justify' | 'verify';

const actionColumn = {
  view: privileges.canView,
  create: privileges.canCreate,
  update: privileges.canUpdate,
  delete: privileges.canDelete,
  justify: privileges.canJustify,
  verify: privileges.canVerify,
} as const;

/** Whether the matrix lets this user type do `action` on any of the menu items named. */
export async function isAllowed(db: DbOrTx, userTypeId: number, itemKeys: readonly string[], action: Action) {
  const rows = await db
    .select({ key: menuItems.key })
    .from(privileges)
    .innerJoin(menuItems, eq(menuItems.id, privileges.menuItemId))
    .where(and(eq(privileges.userTypeId, userTypeId), inArray(menuItems.key, [...itemKeys]), eq(actionColumn[action], true)))
    .limit(1);
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
