/** A sidebar entry: its title and where it leads (the API's menu item adds the caller's actions, contract/menu.ts). */
export interface MenuEntry {
  name: string;
  url: string;
}

/** What the privilege matrix may allow on a menu item (PRODUCT.md, matrix privilege); here, without zod, for the SPA. */
export const PRIVILEGE_ACTIONS = ['view', 'create', 'update', 'delete', 'justify', 'verify'] as const;
export type PrivilegeAction = (typeof PRIVILEGE_ACTIONS)[number];

/**
 * Every sidebar entry, with the url and title of SPEC §2: the one list of menu items that
 * the privilege matrix, the seed, the fixtures and the guards of every call name.
 */
export const menuItems = {
  type: { name: 'Manage Type', url: '/manage-user/type' },
  userType: { name: 'User Type', url: '/manage-user/user-type' },
  persona: { name: 'Manage Persona', url: '/manage-user/person' },
  position: { name: 'Position', url: '/manage-user/position' },
  zone: { name: 'Zone', url: '/manage-user/zone' },
  organizationType: { name: 'Organization Type', url: '/manage-user/organization-type' },
  matrixPrivilege: { name: 'Matrix Privilege', url: '/manage-user/matrix-privilage' },
  organization: { name: 'Manage Organization', url: '/manage-user/user-profile' },
  user: { name: 'Users', url: '/manage-user/user' },
  activity: { name: 'Activity', url: '/manage-user/activity' },
  formula: { name: 'Manage Formula', url: '/manage-contract/master-config' },
  contract: { name: 'Contract', url: '/manage-contract/contract' },
  typeOfOffence: { name: 'Type of Offence', url: '/manage-complaint/type-of-offence' },
  complaint: { name: 'Complaint', url: '/manage-complaint/complaint' },
  justifyComplaint: { name: 'Justify Complaint', url: '/manage-complaint/verify-complaint' },
  historyComplaint: { name: 'History Complaint', url: '/manage-complaint/history-complaint' },
  claimRecord: { name: 'Claim Record', url: '/manage-complaint/claim-record' },
  invoice: { name: 'Invoice', url: '/apps/invoicing/invoice' },
  // The template routes of SPEC §2: the product's component gallery (the Design system group).
  theme: { name: 'Theme', url: '/theme' },
  base: { name: 'Base', url: '/base' },
  buttons: { name: 'Buttons', url: '/buttons' },
  forms: { name: 'Forms', url: '/forms' },
  icons: { name: 'Icons', url: '/icons' },
  notifications: { name: 'Notifications', url: '/notifications' },
  plugins: { name: 'Plugins', url: '/plugins' },
  smartTable: { name: 'Smart Table', url: '/smart-table' },
  widgets: { name: 'Widgets', url: '/widgets' },
} as const satisfies Record<string, MenuEntry>;

export type MenuItemName = keyof typeof menuItems;

const MANAGED = ['view', 'create', 'update', 'delete'] as const;

/** What each screen can do at all: the matrix never grants an action a screen has no use for. */
export const MENU_ITEM_ACTIONS: Record<MenuItemName, readonly PrivilegeAction[]> = {
  type: MANAGED,
  userType: MANAGED,
  persona: MANAGED,
  position: MANAGED,
  zone: MANAGED,
  organizationType: MANAGED,
  matrixPrivilege: ['view', 'update'],
  organization: MANAGED,
  user: ['view', 'create', 'update'],
  activity: ['view'],
  formula: MANAGED,
  contract: MANAGED,
  typeOfOffence: MANAGED,
  complaint: MANAGED,
  justifyComplaint: ['view', 'justify', 'verify'],
  historyComplaint: ['view'],
  claimRecord: MANAGED,
  invoice: ['view'],
  theme: ['view'],
  base: ['view'],
  buttons: ['view'],
  forms: ['view'],
  icons: ['view'],
  notifications: ['view'],
  plugins: ['view'],
  smartTable: ['view'],
  widgets: ['view'],
};

/** The actions a menu item (by its matrix key) supports; none for an item this release does not know. */
export function supportedActions(key: string): readonly PrivilegeAction[] {
  const name = (Object.keys(menuItems) as MenuItemName[]).find((n) => menuItemKey(menuItems[n]) === key);
  return name ? MENU_ITEM_ACTIONS[name] : [];
}

/** How the matrix names a menu item: its url without the leading slash. */
export const menuItemKey = (item: Pick<MenuEntry, 'url'>): string => item.url.replace(/^\//, '');
