import { apiPaths, menuPrivilegesResponseSchema } from '@contract';
import { menuLayout } from '@fixtures';
import { menuOf } from '@domain';
import { mockDb } from '../db';
import { respond, route } from '../http';
import { requireSession } from '../session';

export const menuHandlers = [
  route('get', apiPaths.menuPrivileges, ({ request }) => {
    const { account } = requireSession(request);
    const items = menuOf(menuLayout, mockDb().grants[account.userTypeKey]);
    return respond(menuPrivilegesResponseSchema, { data: { items } });
  }),
];
