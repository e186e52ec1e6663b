import { http } from 'msw';
import { apiPaths, menuPrivilegesResponseSchema } from '@contract';
import { mockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { respond } from '../request-validation';
import { requireSession } from '../session';

export const menuHandlers = [
  http.get(apiRoute(apiPaths.menuPrivileges), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    return respond(menuPrivilegesResponseSchema, {
      data: { items: mockDb().menusByUserType[account.userTypeKey] },
    });
  }),
];
