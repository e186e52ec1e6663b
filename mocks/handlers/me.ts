import { apiPaths, changePasswordRequestSchema, meResponseSchema, updateMeRequestSchema } from '@contract';
import { decideAvatar, orThrow, problems } from '@domain';
import { mockDb, personaOf, updateMockDb } from '../db';
import { noContent, readBody, respond, route } from '../http';
import { endSessions, presentUser, requireSession } from '../session';

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

  route('post', apiPaths.mePassword, async ({ request }) => {
    const { account, token } = requireSession(request);
    const { currentPassword, newPassword } = await readBody(request, changePasswordRequestSchema);
    if (currentPassword !== account.password) throw problems.wrongCurrentPassword();
    updateMockDb((db) => {
      db.accounts.find((candidate) => candidate.id === account.id)!.password = newPassword;
      endSessions(db, account.id, token);
    });
    return noContent();
  }),
];
