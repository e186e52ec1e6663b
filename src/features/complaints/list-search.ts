import type { ComplaintFilter } from '@contract';
import { listParamsOf, startOfDay, type ComplaintListSearch } from '@/lib/list-search';
import type { ComplaintListParams } from './api';
import { statusCode } from './list-url';

/** Both complaint lists start with the latest misconduct first. */
export const COMPLAINT_LIST_SORT = '-dateOfMisconduct';

/**
 * The API's filters for a view: a day range becomes instants of the user's own days, `to`
 * taking its whole day (the API's `to` is exclusive).
 */
export function complaintFilterOf(search: ComplaintListSearch): ComplaintFilter {
  return {
    ...(search.status ? { status: search.status.split(',').map(statusCode).join(',') } : {}),
    ...(search.offence ? { typeOfOffenceId: search.offence } : {}),
    ...(search.contractor ? { organizationId: search.contractor } : {}),
    ...(search.from ? { from: startOfDay(search.from) } : {}),
    ...(search.to ? { to: startOfDay(search.to, 1) } : {}),
    ...(search.overdue === undefined ? {} : { overdue: search.overdue ? ('true' as const) : ('false' as const) }),
    ...(search.findings ? { findings: 'true' as const } : {}),
  };
}

/** What a complaint list asks the API for a view. */
export const complaintListParams = (search: ComplaintListSearch, history: boolean): ComplaintListParams => ({
  ...listParamsOf(search, COMPLAINT_LIST_SORT),
  ...complaintFilterOf(search),
  ...(history ? { history: 'true' as const } : {}),
});
