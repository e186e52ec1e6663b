import { COMPLAINT_SORT_FIELDS, COMPLAINT_STATUS } from '@contract/complaint-status';
import { OPEN_STATUSES } from '@domain/complaint-states';
import { parseComplaintListSearch } from '@/lib/list-search';

// What a complaint list's route parses its URL with. Kept apart from the API side (dayjs,
// queries): a route's `validateSearch` is in the route tree every page loads, sign-in included.

type StatusName = keyof typeof COMPLAINT_STATUS;
const NAME_OF = Object.fromEntries(Object.entries(COMPLAINT_STATUS).map(([name, code]) => [code, name])) as Record<number, StatusName>;

/** The statuses a list shows, by their URL names: every one on History, the open ones elsewhere. */
export const listStatuses = (history: boolean): readonly StatusName[] =>
  (history ? Object.values(COMPLAINT_STATUS) : OPEN_STATUSES).map((code) => NAME_OF[code]!);

/** A status's code, from its URL name. */
export const statusCode = (name: string) => COMPLAINT_STATUS[name as StatusName];

/** `validateSearch` of a complaint list's route. */
export const complaintListSearch = (history: boolean) => (search: Record<string, unknown>) =>
  parseComplaintListSearch(search, COMPLAINT_SORT_FIELDS, listStatuses(history));
