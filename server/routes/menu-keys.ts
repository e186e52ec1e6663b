/** The menu items the server checks privileges on (menu_items.key, the url without its slash). */
export const MENU = {
  typeOfOffence: 'manage-complaint/type-of-offence',
  complaint: 'manage-complaint/complaint',
  verifyComplaint: 'manage-complaint/verify-complaint',
  historyComplaint: 'manage-complaint/history-complaint',
  claimRecord: 'manage-complaint/claim-record',
} as const;

/** Every complaint screen: each needs the offence types to show a complaint. */
export const COMPLAINT_SCREENS = [MENU.typeOfOffence, MENU.complaint, MENU.verifyComplaint, MENU.historyComplaint] as const;
