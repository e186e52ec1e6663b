import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activateRequestSchema, activateResponseSchema, registerRequestSchema } from '../../../contract/auth';
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
  registrationAttemptMail,
} from '../../../domain/accounts';
import { orThrow, problems } from '../../../domain/problems';
import { findLinkByHash, insertCode, latestUnusedCode, useCode } from '../../repositories/account-codes';
import { activatePendingUser, claimAddress, findUserById, insertPendingUser, registrationTypes } from '../../repositories/users';
import { hashPassword } from '../../services/passwords';
import { throttle } from '../../services/throttle';
import { newToken, sha256 } from '../../services/tokens';
import type { AuthRoutesOptions } from './options';

/** Registering an account, pending until its activation link is opened. */
export const registrationRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, mailer, appUrl }) => {
  app.post(
    `/${apiPaths.register}`,
    {
      config: { problems: [problems.throttled] },
      schema: {
        operationId: 'register',
        summary: 'Register an account',
        description:
          'Register: a pending account and an activation link by e-mail (24 h, single use); 202 whether or not the address has an account, whose owner is told by mail and which is never changed',
        body: registerRequestSchema,
        response: { 202: z.undefined().describe('No body') },
      },
    },
    async (request, reply) => {
      const { email, password, fullName, phone = null } = request.body;
      const requests = throttle(db, 'register', email, request.ip);
      await requests.check();
      await requests.hit();
      // Hashed whether or not it is kept, so the time taken does not tell who has an account.
      const passwordHash = await hashPassword(password);
      const code = newToken();
      const mailId = await db.transaction(async (tx) => {
        const existing = await claimAddress(tx, email);
        const invitation = existing ? await latestUnusedCode(tx, existing.id, 'invitation') : null;
        const plan = decideRegistration(existing, invitation, Date.now());
        if (plan.kind === 'create') {
          const { userTypeId, accountTypeId } = await registrationTypes(tx, REGISTERED_USER_TYPE, REGISTERED_ACCOUNT_TYPE);
          const userId = await insertPendingUser(tx, { email, passwordHash, fullName, phone, userTypeId, accountTypeId });
          await insertCode(tx, {
            userId,
            purpose: 'activation',
            codeHash: sha256(code),
            expiresAt: codeExpiresAt('activation', Date.now()),
          });
          return mailer.enqueue(tx, activationMail(email, fullName, activationLink(appUrl, code)));
        }
        const link = plan.link && { url: activationLink(appUrl, code), expiresAt: plan.link.expiresAt };
        if (plan.link)
          await insertCode(
            tx,
            { userId: existing!.id, purpose: plan.link.purpose, codeHash: sha256(code), expiresAt: plan.link.expiresAt },
            { endsOlder: false },
          );
        return mailer.enqueue(tx, registrationAttemptMail(existing!.email, plan.about, appUrl, link));
      });
      await mailer.deliver(mailId);
      return reply.code(202).send();
    },
  );

  app.post(
    `/${apiPaths.activate}`,
    {
      config: {
        problems: [
          problems.linkInvalid,
          problems.linkUsed,
          problems.linkExpired,
          problems.accountNotPending,
          problems.passwordRequired,
          problems.invalidField,
        ],
      },
      schema: {
        operationId: 'activateAccount',
        summary: 'Activate an account',
        description: 'Activate an account with the code of its activation link; an invitation also sets the password the invitee chose',
        body: activateRequestSchema,
        response: { 200: activateResponseSchema },
      },
    },
    async (request) => {
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
    },
  );
};
