import { apiPaths, menuPrivilegesResponseSchema } from '@contract';
import { menuLayout } from '@fixtures';
import { menuOf } from '@domain';
import { grantsOf, mockDb } from '../db';
import { respond, route } from '../http';
import { requireSession } from '../session';

export const menuHandlers = [
  route('get', apiPaths.menuPrivileges, ({ request }) => {
    const { account } = requireSession(request);
    const items = menuOf(menuLayout, grantsOf(mockDb(), account));
    return respond(menuPrivilegesResponseSchema, { data: { items } });
  }),
];
