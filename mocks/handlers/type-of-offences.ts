import { http } from 'msw';
import { apiPaths, listQuerySchema, typeOfOffenceListResponseSchema } from '@contract';
import { mockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { paginate } from '../pagination';
import { readQuery, respond } from '../request-validation';
import { requireSession } from '../session';

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
    return respond(typeOfOffenceListResponseSchema, { data: paginate(rows, query) });
  }),
];
