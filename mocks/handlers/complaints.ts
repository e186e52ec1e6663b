import { http } from 'msw';
import { COMPLAINT_SORT_FIELDS } from '@contract/complaint-status';
import {
  apiPaths,
  complaintFormOptionsResponseSchema,
  complaintListQuerySchema,
  complaintListResponseSchema,
  complaintResponseSchema,
} from '@contract';
import { menuItems, type FixtureComplaint } from '@fixtures';
import { complaintFormOptions, presentComplaint, requireComplaint } from '../complaint-reads';
import { mockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { paginate } from '../pagination';
import { forbidden, isAllowed, reaches, requirePrivilege } from '../privileges';
import { invalidFields, readId, readQuery, respond } from '../request-validation';
import { requireSession } from '../session';

/** Open complaints are the ones a contractor or verifier can still act on. */
const OPEN_STATUSES: readonly number[] = [1, 2];

type SortableField = (typeof COMPLAINT_SORT_FIELDS)[number];

function isSortableField(name: string): name is SortableField {
  return (COMPLAINT_SORT_FIELDS as readonly string[]).includes(name);
}

function matchesSearch(complaint: FixtureComplaint, q: string | undefined): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [complaint.refNo, complaint.description, complaint.offender, complaint.location].some(
    (text) => text.toLowerCase().includes(needle),
  );
}

/**
 * `sort` is a field name, descending when prefixed with `-` (e.g. `-createdAt`). Without
 * it the newest come first. Dates compare as instants, since offsets may differ.
 */
function complaintOrder(sort: string | undefined) {
  const descending = !sort || sort.startsWith('-');
  const field = sort?.replace(/^[-+]/, '') || 'createdAt';
  if (!isSortableField(field)) {
    throw invalidFields({
      sort: [`Sort by one of: ${COMPLAINT_SORT_FIELDS.join(', ')}; prefix "-" for descending.`],
    });
  }
  const key = (complaint: FixtureComplaint): string | number => {
    const value = complaint[field];
    return field === 'dateOfMisconduct' || field === 'createdAt'
      ? Date.parse(String(value))
      : value;
  };
  return (a: FixtureComplaint, b: FixtureComplaint): number => {
    const [left, right] = [key(a), key(b)];
    const byField =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left).localeCompare(String(right));
    return (descending ? -byField : byField) || (descending ? b.id - a.id : a.id - b.id);
  };
}

/** Open complaints are listed on the complaint and verify screens; all of them on history. */
const listItems = (history: boolean) =>
  history ? [menuItems.historyComplaint] : [menuItems.complaint, menuItems.justifyComplaint];

export const complaintHandlers = [
  http.get(apiRoute(apiPaths.complaints), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const query = readQuery(request, complaintListQuerySchema);
    const db = mockDb();
    if (!isAllowed(db, account, listItems(query.history === 'true'), 'view')) return forbidden();
    const rows = db.complaints
      .filter(
        (complaint) =>
          // A contractor sees only its own organisation's complaints; authority staff see all.
          reaches(account, complaint.organizationId) &&
          (query.history === 'true' || OPEN_STATUSES.includes(complaint.status)) &&
          matchesSearch(complaint, query.q),
      )
      .sort(complaintOrder(query.sort))
      .map((complaint) => presentComplaint(db, complaint));
    return respond(complaintListResponseSchema, { data: paginate(rows, query) });
  }),

  // Before `complaints/:id`, which would take "form-options" for an id.
  http.get(apiRoute(apiPaths.complaintFormOptions), async ({ request }) => {
    await simulateLatency();
    requirePrivilege(request, [menuItems.complaint], 'view');
    return respond(complaintFormOptionsResponseSchema, { data: complaintFormOptions(mockDb()) });
  }),

  http.get(apiRoute(apiPaths.complaint(':id')), async ({ request, params }) => {
    await simulateLatency();
    const { account } = requirePrivilege(
      request,
      [menuItems.complaint, menuItems.justifyComplaint, menuItems.historyComplaint],
      'view',
    );
    const id = readId(params);
    const db = mockDb();
    const complaint = requireComplaint(db, id);
    // PRODUCT.md: another organisation's record is refused, not shown.
    if (!reaches(account, complaint.organizationId)) {
      return forbidden("This complaint is not your organisation's.");
    }
    return respond(complaintResponseSchema, { data: presentComplaint(db, complaint) });
  }),
];
