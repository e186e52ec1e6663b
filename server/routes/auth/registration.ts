import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activateRequestSchema, activateResponseSchema, registerRequestSchema, registerResponseSchema } from '../../../contract/auth';
import { apiPaths } from '../../../contract/paths';
import {
  activationLink,
  activationMail,
  codeExpiresAt,
  decideActivation,
  decideActivationPassword,
  decideActivationTarget,
  decideRegistration,
  REGISTERED_ACCOUNT_TYPE,
  REGISTERED_USER_TYPE,
} from '../../../domain/accounts';
import { orThrow, problems } from '../../../domain/problems';
import { findLinkByHash, insertCode, useCode } from '../../repositories/account-codes';
import { activatePendingUser, findUserByEmail, findUserById, insertPendingUser, registrationTypes, replacePendingUser } from '../../repositories/users';
import { hashPassword } from '../../services/passwords';
import { newToken, sha256 } from '../../services/tokens';
import type { AuthRoutesOptions } from './options';

/** Registering an account, pending until its activation link is opened. */
export const registrationRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, mailer, appUrl }) => {
  app.post(`/${apiPaths.register}`, {
    config: { problems: [problems.emailTaken] },
    schema: {
      summary: 'Register: a pending account and an activation link by e-mail (24 h, single use)',
      body: registerRequestSchema,
      response: { 201: registerResponseSchema },
    },
  }, async (request, reply) => {
    const { email, password, fullName, phone = null } = request.body;
    const passwordHash = await hashPassword(password);
    const code = newToken();
    const mailId = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      let userId: number;
      if (orThrow(decideRegistration(existing)) === 'replace') {
        userId = existing!.id;
        await replacePendingUser(tx, userId, existing!.personaId, { passwordHash, fullName, phone });
      } else {
        const { userTypeId, accountTypeId } = await registrationTypes(tx, REGISTERED_USER_TYPE, REGISTERED_ACCOUNT_TYPE);
        userId = await insertPendingUser(tx, { email, passwordHash, fullName, phone, userTypeId, accountTypeId });
      }
      await insertCode(tx, { userId, purpose: 'activation', codeHash: sha256(code), expiresAt: codeExpiresAt('activation', Date.now()) });
      return mailer.enqueue(tx, activationMail(email, fullName, activationLink(appUrl, code)));
    });
    await mailer.deliver(mailId);
    return reply.code(201).send({ data: { email, status: 'pending' as const } });
  });

  app.post(`/${apiPaths.activate}`, {
    config: { problems: [problems.linkInvalid, problems.linkUsed, problems.linkExpired, problems.accountNotPending, problems.passwordRequired] },
    schema: {
      summary: 'Activate an account with the code of its activation link; an invitation also sets the password the invitee chose',
      body: activateRequestSchema,
      response: { 200: activateResponseSchema },
    },
  }, async (request) => {
    const { code, password } = request.body;
    const passwordHash = password === undefined ? null : await hashPassword(password);
    return db.transaction(async (tx) => {
      const link = await findLinkByHash(tx, sha256(code));
      orThrow(decideActivation(link, Date.now()));
      const user = await findUserById(tx, link!.userId);
      orThrow(decideActivationPassword(link!.purpose, password, user!.email));
      // Of two opening the link at once, one activates; the other is told the link is used.
      if (!(await useCode(tx, link!.id))) throw problems.linkUsed();
      orThrow(decideActivationTarget(user!));
      // The update asks for a pending account again, in case an administrator disabled it since it was read; nothing is kept then.
      const email = await activatePendingUser(tx, link!.userId, passwordHash);
      if (!email) throw problems.accountNotPending();
      return { data: { email } };
    });
  });
};
