import { http, HttpResponse } from 'msw';
import {
  apiPaths,
  changePasswordRequestSchema,
  meResponseSchema,
  problemTypes,
  updateMeRequestSchema,
} from '@contract';
import { updateMockDb } from '../db';
import { apiRoute } from '../api-route';
import { simulateLatency } from '../latency';
import { typedProblem } from '../problem';
import { invalidFields, readJsonBody, respond } from '../request-validation';
import { endSessions, requireSession } from '../session';

/** The signed-in user's own account: read it, change name, phone and avatar, change the password. */
export const meHandlers = [
  http.get(apiRoute(apiPaths.me), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    return respond(meResponseSchema, { data: account });
  }),

  http.patch(apiRoute(apiPaths.me), async ({ request }) => {
    await simulateLatency();
    const { account } = requireSession(request);
    const { fullName, phone, imageFileId } = await readJsonBody(request, updateMeRequestSchema);
    return updateMockDb((db) => {
      const avatar = imageFileId
        ? db.files.find((file) => file.id === imageFileId && file.ownerId === account.id)
        : null;
      if (avatar === undefined) {
        return invalidFields({ imageFileId: ['Upload the image first, then choose it.'] });
      }
      const stored = db.accounts.find((candidate) => candidate.id === account.id)!;
      if (fullName !== undefined) stored.fullName = fullName;
      if (phone !== undefined) stored.phone = phone || null;
      if (imageFileId !== undefined) stored.image = avatar?.url ?? null;
      return respond(meResponseSchema, { data: stored });
    });
  }),

  http.post(apiRoute(apiPaths.mePassword), async ({ request }) => {
    await simulateLatency();
    const { account, token } = requireSession(request);
    const { currentPassword, newPassword } = await readJsonBody(
      request,
      changePasswordRequestSchema,
    );
    if (currentPassword !== account.password) {
      const message = 'The current password is not right.';
      return typedProblem(400, problemTypes.wrongCurrentPassword, 'Wrong current password', {
        detail: message,
        errors: { currentPassword: [message] },
      });
    }
    updateMockDb((db) => {
      db.accounts.find((candidate) => candidate.id === account.id)!.password = newPassword;
      endSessions(db, account.id, token);
    });
    return new HttpResponse(null, { status: 204 });
  }),
];
