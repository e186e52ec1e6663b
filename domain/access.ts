import { menuItemKey, menuItems } from '../contract/menu-items';
import { PRIVILEGE_ACTIONS, type MenuGroup, type PrivilegeAction } from '../contract/menu';

/**
 * What the privilege matrix must allow for each call: one action on any of these menu items.
 * The server asks PostgreSQL, the mocks their grants; both ask this table what to ask.
 */
export interface Guard {
  itemKeys: readonly string[];
  action: PrivilegeAction;
}

const guard = (action: PrivilegeAction, ...items: { url: string }[]): Guard => ({ itemKeys: items.map(menuItemKey), action });
const m = menuItems;

/** Every complaint screen needs the offence types to show a complaint. */
const complaintScreens = [m.typeOfOffence, m.complaint, m.justifyComplaint, m.historyComplaint];

export const guards = {
  /** Open complaints are listed on the complaint and justify screens; every status on History. */
  complaintList: (history: boolean) => (history ? guard('view', m.historyComplaint) : guard('view', m.complaint, m.justifyComplaint)),
  complaintRead: guard('view', m.complaint, m.justifyComplaint, m.historyComplaint),
  complaintFormOptions: guard('view', m.complaint),
  /** Any complaint list screen. */
  complaintFilterOptions: guard('view', m.complaint, m.justifyComplaint, m.historyComplaint),
  complaintCreate: guard('create', m.complaint),
  complaintUpdate: guard('update', m.complaint),
  complaintDelete: guard('delete', m.complaint),
  complaintJustify: guard('justify', m.justifyComplaint),
  complaintVerify: guard('verify', m.justifyComplaint),
  typeOfOffenceList: guard('view', ...complaintScreens),
  typeOfOffenceCreate: guard('create', m.typeOfOffence),
  typeOfOffenceUpdate: guard('update', m.typeOfOffence),
  typeOfOffenceDelete: guard('delete', m.typeOfOffence),
} as const;

/** One user type's row set of the matrix: menu item key → allowed actions (view among them). */
export type Grants = Readonly<Record<string, readonly PrivilegeAction[]>>;

export function isAllowed(grants: Grants, { itemKeys, action }: Guard): boolean {
  return itemKeys.some((key) => grants[key]?.includes(action) === true);
}

/**
 * The sidebar of a user type: the groups and items it may view, in menu order, each item
 * with the caller's allowed actions (`GET /api/v1/menu/privileges`).
 */
export function menuOf(layout: readonly MenuGroup[], grants: Grants): MenuGroup[] {
  return layout
    .map((group) => ({
      ...group,
      menuItems: group.menuItems
        .filter((item) => grants[menuItemKey(item)]?.includes('view'))
        .map(({ name, url }) => ({ name, url, actions: PRIVILEGE_ACTIONS.filter((a) => grants[menuItemKey({ url })]!.includes(a)) })),
    }))
    .filter((group) => group.menuItems.length > 0);
}
