import { http } from 'msw';
import {
  apiPaths,
  listQuerySchema,
  TYPE_OF_OFFENCE_SORT_FIELDS,
  typeOfOffenceListResponseSchema,
  type TypeOfOffence,
} from '@contract';
import { mockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { paginate } from '../pagination';
import { invalidFields, readQuery, respond } from '../request-validation';
import { requireSession } from '../session';

type SortField = (typeof TYPE_OF_OFFENCE_SORT_FIELDS)[number];

function isSortField(name: string): name is SortField {
  return (TYPE_OF_OFFENCE_SORT_FIELDS as readonly string[]).includes(name);
}

/**
 * `sort` is a field name, descending when prefixed with `-`; ties go by id the same way.
 * Text compares by code point, as the server's database does. Without it, fixture order.
 */
function typeOfOffenceOrder(sort: string) {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  if (!isSortField(field)) {
    throw invalidFields({
      sort: [`Sort by one of ${TYPE_OF_OFFENCE_SORT_FIELDS.join(', ')}; prefix - for descending.`],
    });
  }
  return (a: TypeOfOffence, b: TypeOfOffence): number => {
    const [left, right] = [a[field], b[field]];
    return (descending ? -1 : 1) * ((left < right ? -1 : left > right ? 1 : 0) || a.id - b.id);
  };
}

export const typeOfOffenceHandlers = [
  http.get(apiRoute(apiPaths.typeOfOffences), async ({ request }) => {
    await simulateLatency();
    requireSession(request);
    const query = readQuery(request, listQuerySchema);
    const needle = query.q?.toLowerCase();
    const rows = mockDb().typeOfOffences.filter(
      (type) =>
        !needle ||
        type.name.toLowerCase().includes(needle) ||
        type.description.toLowerCase().includes(needle),
    );
    if (query.sort) rows.sort(typeOfOffenceOrder(query.sort));
    return respond(typeOfOffenceListResponseSchema, { data: paginate(rows, query) });
  }),
];
