import dayjs from 'dayjs';
import { COMPLAINT_SORT_FIELDS, COMPLAINT_STATUS } from '@contract/complaint-status';
import type { ComplaintFilter } from '@contract';
import { OPEN_STATUSES } from '@domain/complaint-states';
import { listParamsOf, parseComplaintListSearch, type ComplaintListSearch } from '@/lib/list-search';
import type { ComplaintListParams } from './api';

/** Both complaint lists start with the latest misconduct first. */
export const COMPLAINT_LIST_SORT = '-dateOfMisconduct';

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

/**
 * The API's filters for a view: a day range becomes instants of the user's own days, `to`
 * taking its whole day (the API's `to` is exclusive).
 */
export function complaintFilterOf(search: ComplaintListSearch): ComplaintFilter {
  return {
    ...(search.status ? { status: search.status.split(',').map(statusCode).join(',') } : {}),
    ...(search.offence ? { typeOfOffenceId: search.offence } : {}),
    ...(search.contractor ? { organizationId: search.contractor } : {}),
    ...(search.from ? { from: dayjs(search.from).startOf('day').format() } : {}),
    ...(search.to ? { to: dayjs(search.to).add(1, 'day').startOf('day').format() } : {}),
  };
}

/** What a complaint list asks the API for a view. */
export const complaintListParams = (search: ComplaintListSearch, history: boolean): ComplaintListParams => ({
  ...listParamsOf(search, COMPLAINT_LIST_SORT),
  ...complaintFilterOf(search),
  ...(history ? { history: 'true' as const } : {}),
});
