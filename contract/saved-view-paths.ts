/** Zod-free, so every page's header can import it alone. */
import { menuItems as m } from './menu-items';

/** The lists a view can be saved on: every screen whose list keeps its view in the URL. */
export const SAVED_VIEW_PATHS = [
  m.type.url,
  m.userType.url,
  m.persona.url,
  m.position.url,
  m.zone.url,
  m.organizationType.url,
  m.organization.url,
  m.user.url,
  m.activity.url,
  m.formula.url,
  m.contract.url,
  m.typeOfOffence.url,
  m.complaint.url,
  m.justifyComplaint.url,
  m.historyComplaint.url,
  m.claimRecord.url,
] as const;
export type SavedViewPath = (typeof SAVED_VIEW_PATHS)[number];

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_SEARCH_MAX = 2000;
/** Views one person keeps on one list, their own and those they share. */
export const SAVED_VIEWS_PER_LIST_MAX = 30;
