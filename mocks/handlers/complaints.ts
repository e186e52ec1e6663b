import { http } from 'msw';
import { COMPLAINT_SORT_FIELDS } from '@contract/complaint-status';
import {
  apiPaths,
  complaintListQuerySchema,
  complaintListResponseSchema,
  complaintResponseSchema,
} from '@contract';
import type { FixtureAccount, FixtureComplaint } from '@fixtures';
import { mockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { paginate } from '../pagination';
import { problem } from '../problem';
import { invalidFields, readId, readQuery, respond } from '../request-validation';
import { requireSession } from '../session';

/** Open complaints are the ones a contractor or verifier can still act on. */
const OPEN_STATUSES: readonly number[] = [1, 2];

type SortableField = (typeof COMPLAINT_SORT_FIELDS)[number];

function isSortableField(name: string): name is SortableField {
  return (COMPLAINT_SORT_FIELDS as readonly string[]).includes(name);
}

/** A contractor sees only its own organisation's complaints; authority staff see all. */
function visibleTo(account: FixtureAccount): (complaint: FixtureComplaint) => boolean {
  if (account.userTypeKey !== 'contractor') return () => true;
  return (complaint) => complaint.organizationId === account.userProfile.organizationId;
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

export const complaintHandlers = [
  http.get(apiRoute(apiPaths.complaints), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const query = readQuery(request, complaintListQuerySchema);
    const isVisible = visibleTo(account);
    const rows = mockDb()
      .complaints.filter(
        (complaint) =>
          isVisible(complaint) &&
          (query.history === 'true' || OPEN_STATUSES.includes(complaint.status)) &&
          matchesSearch(complaint, query.q),
      )
      .sort(complaintOrder(query.sort));
    return respond(complaintListResponseSchema, { data: paginate(rows, query) });
  }),

  http.get(apiRoute(apiPaths.complaint(':id')), async ({ request, params }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const id = readId(params);
    const complaint = mockDb().complaints.find((candidate) => candidate.id === id);
    if (!complaint) return problem(404, 'Complaint not found');
    // PRODUCT.md: another organisation's record is refused, not shown.
    if (!visibleTo(account)(complaint)) return problem(403, 'Forbidden', 'This complaint is not your organisation\'s.');
    return respond(complaintResponseSchema, { data: complaint });
  }),
];
