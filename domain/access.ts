import { menuItemKey, menuItems, PRIVILEGE_ACTIONS, type PrivilegeAction } from '../contract/menu-items';
import type { MenuGroup } from '../contract/menu';

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

export const guards = {
  /** Open complaints are listed on the complaint and justify screens; every status on History. */
  complaintList: (history: boolean) => (history ? guard('view', m.historyComplaint) : guard('view', m.complaint, m.justifyComplaint)),
  complaintRead: guard('view', m.complaint, m.justifyComplaint, m.historyComplaint),
  complaintFormOptions: guard('view', m.complaint),
  /** The dashboard counts complaints: whoever reads them on any complaint screen. */
  dashboard: guard('view', m.complaint, m.justifyComplaint, m.historyComplaint),
  /** Any complaint list screen. */
  complaintFilterOptions: guard('view', m.complaint, m.justifyComplaint, m.historyComplaint),
  complaintCreate: guard('create', m.complaint),
  complaintUpdate: guard('update', m.complaint),
  complaintDelete: guard('delete', m.complaint),
  complaintJustify: guard('justify', m.justifyComplaint),
  complaintVerify: guard('verify', m.justifyComplaint),
  auditEvents: guard('view', m.activity),
  /** Claim records: read on their screen and as invoices; generated, moved and deleted on their screen. */
  claimRead: guard('view', m.claimRecord, m.invoice),
  claimCreate: guard('create', m.claimRecord),
  claimUpdate: guard('update', m.claimRecord),
  claimDelete: guard('delete', m.claimRecord),
  /** The formula screen's live preview, and the contract form's. */
  formulaEvaluate: guard('view', m.formula, m.contract),
  matrixRead: guard('view', m.matrixPrivilege),
  matrixUpdate: guard('update', m.matrixPrivilege),
  userList: guard('view', m.user),
  userCreate: guard('create', m.user),
  userUpdate: guard('update', m.user),
  /** Every outgoing message and its delivery: who manages the users; resent by who may change them. */
  mailAll: guard('view', m.user),
  mailResend: guard('update', m.user),
  /** Views are shared with a user type by who shapes what each type sees: the matrix's editors. */
  savedViewShare: guard('update', m.matrixPrivilege),
  /** A view is saved on a list its owner may see. */
  savedViewOn: (path: string) => guard('view', { url: path }),
} as const;

/** A catalogue's guards: managed on its own screen, listed also by the screens whose forms offer it. */
const manage = (item: { url: string }, ...readers: { url: string }[]) => ({
  list: guard('view', item, ...readers),
  create: guard('create', item),
  update: guard('update', item),
  delete: guard('delete', item),
});

export const catalogueGuards = {
  'account-types': manage(m.type, m.persona),
  'user-types': manage(m.userType, m.user, m.matrixPrivilege),
  positions: manage(m.position, m.persona),
  zones: manage(m.zone, m.persona, m.organization, m.contract),
  'organization-types': manage(m.organizationType, m.organization),
  organizations: manage(m.organization, m.persona, m.user, m.contract),
  personas: manage(m.persona, m.user),
  /** Every complaint screen needs the offence types to show a complaint. */
  'type-of-offences': manage(m.typeOfOffence, m.complaint, m.justifyComplaint, m.historyComplaint),
  /** A contract's form offers the formulas. */
  formulas: manage(m.formula, m.contract),
} as const;
export type CatalogueGuards = (typeof catalogueGuards)[keyof typeof catalogueGuards];

/** Contracts: kept on their own screen. */
export const contractGuards = manage(m.contract);

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
