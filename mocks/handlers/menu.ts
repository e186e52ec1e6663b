import { http } from 'msw';
import { apiPaths, menuPrivilegesResponseSchema, PRIVILEGE_ACTIONS } from '@contract';
import { mockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { isAllowed } from '../privileges';
import { respond } from '../request-validation';
import { requireSession } from '../session';

export const menuHandlers = [
  http.get(apiRoute(apiPaths.menuPrivileges), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const db = mockDb();
    const items = db.menusByUserType[account.userTypeKey].map((group) => ({
      ...group,
      menuItems: group.menuItems.map((item) => ({
        ...item,
        actions: PRIVILEGE_ACTIONS.filter((action) => isAllowed(db, account, [item], action)),
      })),
    }));
    return respond(menuPrivilegesResponseSchema, { data: { items } });
  }),
];
