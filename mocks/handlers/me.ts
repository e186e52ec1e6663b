import {
  apiPaths,
  changePasswordRequestSchema,
  meResponseSchema,
  mySessionParamsSchema,
  mySessionsResponseSchema,
  updateMeRequestSchema,
} from '@contract';
import { CODES_ENDED_BY_NEW_PASSWORD, decideAvatar, decideEndSession, mySessionOrder, orThrow, presentMySession, problems } from '@domain';
import { endAccountCodes } from '../account-codes';
import { mockDb, personaOf, updateMockDb } from '../db';
import { dropPendingSecret } from '../second-factors';
import { noContent, readBody, readParams, respond, route } from '../http';
import { endSessions, isLive, presentUser, requireSession } from '../session';

/** The signed-in user's own account: read it, change name, phone and avatar, change the password. */
export const meHandlers = [
  route('get', apiPaths.me, ({ request }) => respond(meResponseSchema, { data: presentUser(mockDb(), requireSession(request).account) })),

  route('patch', apiPaths.me, async ({ request }) => {
    const { account } = requireSession(request);
    const { fullName, phone, imageFileId, preferences } = await readBody(request, updateMeRequestSchema);
    return updateMockDb((db) => {
      const avatar = db.files.find((file) => file.id === imageFileId && file.ownerId === account.id);
      orThrow(decideAvatar(imageFileId, avatar !== undefined));
      const stored = db.accounts.find((candidate) => candidate.id === account.id)!;
      const persona = personaOf(db, stored);
      if (fullName !== undefined) persona.fullName = fullName;
      if (phone !== undefined) persona.phone = phone;
      // An avatar is kept as the file's address, which is how the complaint store knows it is in use.
      if (imageFileId !== undefined) stored.image = avatar?.url ?? null;
      if (preferences) stored.preferences = { ...stored.preferences, ...preferences };
      return respond(meResponseSchema, { data: presentUser(db, stored) });
    });
  }),

  route('get', apiPaths.mySessions, ({ request }) => {
    const { account, sessionId } = requireSession(request);
    const items = mockDb()
      .sessions.filter((s) => s.accountId === account.id && isLive(s))
      .map((s) => presentMySession(s, sessionId));
    return respond(mySessionsResponseSchema, { data: { items: items.sort(mySessionOrder) } });
  }),

  route('delete', apiPaths.mySessions, ({ request }) => {
    const { account, token } = requireSession(request);
    updateMockDb((db) => endSessions(db, account.id, token));
    return noContent();
  }),

  route('delete', apiPaths.mySession(':id'), ({ request, params }) => {
    const { account } = requireSession(request);
    const { id } = readParams(params, mySessionParamsSchema);
    updateMockDb((db) => {
      const session = db.sessions.find((s) => s.id === id);
      orThrow(decideEndSession(session ? { userId: session.accountId, live: isLive(session) } : null, account.id));
      session!.revoked = true;
    });
    return noContent();
  }),

  route('post', apiPaths.mePassword, async ({ request }) => {
    const { account, token } = requireSession(request);
    const { currentPassword, newPassword } = await readBody(request, changePasswordRequestSchema);
    if (currentPassword !== account.password) throw problems.wrongCurrentPassword();
    updateMockDb((db) => {
      db.accounts.find((candidate) => candidate.id === account.id)!.password = newPassword;
      endAccountCodes(db, account.id, CODES_ENDED_BY_NEW_PASSWORD);
      dropPendingSecret(db, account.id);
      endSessions(db, account.id, token);
    });
    return noContent();
  }),
];
