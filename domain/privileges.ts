import { menuItemKey, menuItems, supportedActions } from '../contract/menu-items';
import { PRIVILEGE_ACTIONS, type PrivilegeAction } from '../contract/menu-items';
import { allow, problems, refuse, type Decision } from './problems';
import { ADMINISTRATOR_USER_TYPE } from './users';

/** By user type id, then menu item id: the actions allowed (the matrix as the API shows it). */
export type MatrixGrants = Record<string, Record<string, PrivilegeAction[]>>;

const inOrder = (actions: readonly PrivilegeAction[]) => PRIVILEGE_ACTIONS.filter((a) => actions.includes(a));

/**
 * The matrix's version: a 31-bit FNV-1a hash of its grants in a fixed order. Any change of a
 * grant changes it, both back ends compute it alike, and nothing needs storing.
 */
export function matrixVersion(grants: MatrixGrants): number {
  const canonical = Object.keys(grants)
    .sort((a, b) => Number(a) - Number(b))
    .map(
      (type) =>
        `${type}:${Object.keys(grants[type]!)
          .sort((a, b) => Number(a) - Number(b))
          .filter((item) => grants[type]![item]!.length > 0)
          .map((item) => `${item}=${inOrder(grants[type]![item]!).join(',')}`)
          .join(';')}`,
    )
    .join('|');
  let hash = 0x811c9dc5;
  for (let i = 0; i < canonical.length; i++) hash = Math.imul(hash ^ canonical.charCodeAt(i), 0x01000193) >>> 0;
  return hash >>> 1;
}

export interface MatrixChange {
  currentVersion: number;
  askedVersion: number;
  /** Every menu item, by id, with its matrix key. */
  items: readonly { id: number; key: string }[];
  /** The user type's new row set: menu item id → actions. */
  grants: Readonly<Record<string, readonly PrivilegeAction[]>>;
  /** The user type's stable key: the administrators' rows must keep the matrix itself. */
  userTypeKey: string | null;
}

/**
 * A user type's new row set: on the version read (409 otherwise), only actions each item
 * supports and never one without view (400), and the administrators keep view and update on
 * the matrix (409). The rows to store, actions in their fixed order.
 */
export function decideMatrixRows(change: MatrixChange): Decision<Record<string, PrivilegeAction[]>> {
  if (change.askedVersion !== change.currentVersion) return refuse(problems.matrixStale());
  const rows: Record<string, PrivilegeAction[]> = {};
  for (const [itemId, asked] of Object.entries(change.grants)) {
    const item = change.items.find((i) => String(i.id) === itemId);
    if (!item) return refuse(problems.invalidField(`grants.${itemId}`, 'No such menu item.'));
    const actions = inOrder(asked);
    const unsupported = actions.find((a) => !supportedActions(item.key).includes(a));
    if (unsupported) return refuse(problems.actionNotSupported(itemId, unsupported));
    if (actions.length > 0 && !actions.includes('view'))
      return refuse(problems.invalidField(`grants.${itemId}`, 'An item’s actions need view.'));
    if (actions.length > 0) rows[itemId] = actions;
  }
  const matrix = change.items.find((i) => i.key === menuItemKey(menuItems.matrixPrivilege));
  const kept = matrix ? (rows[String(matrix.id)] ?? []) : [];
  if (change.userTypeKey === ADMINISTRATOR_USER_TYPE && !(kept.includes('view') && kept.includes('update')))
    return refuse(problems.matrixLockout());
  return allow(rows);
}
