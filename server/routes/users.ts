import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, sortParam } from '../../contract/envelope';
import { apiPaths } from '../../contract/paths';
import {
  adminUserResponseSchema,
  inviteUserSchema,
  updateUserSchema,
  USER_SORT_FIELDS,
  userListQuerySchema,
  userListResponseSchema,
} from '../../contract/users';
import { OTP_LENGTH } from '../../contract/account-rules';
import { guards } from '../../domain/access';
import { activationLink, codeExpiresAt, invitationMail, passwordResetCodeMail } from '../../domain/accounts';
import { auditRecord } from '../../domain/audit';
import { parseSort } from '../../domain/lists';
import { orThrow, problems } from '../../domain/problems';
import { decideSecondFactorReset } from '../../domain/two-factor';
import {
  decideInvitation,
  decidePasswordResetFor,
  decidePersona,
  decideResendInvitation,
  decideUserChange,
  decideUserType,
  inviteeAccountType,
  USER_LIST_RULES,
} from '../../domain/users';
import type { DbOrTx } from '../db/client';
import { auditActorOf } from '../http/audit-actor';
import { callerOf, ruleCallerOf } from '../plugins/auth';
import { appendAudit } from '../repositories/audit';
import { findSecondFactor, removeSecondFactor } from '../repositories/second-factors';
import { endCodes, insertCode } from '../repositories/account-codes';
import { revokeAllSessions } from '../repositories/sessions';
import { claimAddress } from '../repositories/users';
import {
  accountTypeIdByKey,
  findAdminUser,
  insertInvitedUser,
  listUsers,
  otherActiveAdministrators,
  personaLink,
  updateUser,
  userTypeOf,
} from '../repositories/users-admin';
import { hashPassword } from '../services/passwords';
import { hashOneTimeCode, newDigits, newToken, sha256 } from '../services/tokens';
import type { AuthRoutesOptions } from './auth/options';

const security = [{ bearer: [] }];

/** Users, as administrators keep them: invite, change type, persona and status, resend, reset. */
export const userRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, mailer, appUrl, imageUrl }) => {
  const find = async (tx: DbOrTx, id: number, lock = false) => {
    const found = await findAdminUser(tx, id, imageUrl, lock);
    if (!found) throw problems.notFound('User');
    return found;
  };

  app.get(
    `/${apiPaths.users}`,
    {
      onRequest: app.requirePrivilege(guards.userList),
      schema: {
        operationId: 'listUsers',
        summary: 'List users',
        description: `Users (sort: ${USER_SORT_FIELDS.join(', ')}; q: in e-mail or name; status, userTypeId, organizationId)`,
        security,
        querystring: userListQuerySchema.extend({ sort: sortParam(USER_SORT_FIELDS) }),
        response: { 200: userListResponseSchema },
      },
    },
    async (request) => {
      const { sort, ...query } = request.query;
      return { data: await listUsers(db, { ...query, sort: parseSort(sort, USER_SORT_FIELDS) ?? USER_LIST_RULES.first }, imageUrl) };
    },
  );

  app.get(
    `/${apiPaths.user(':id')}`,
    {
      onRequest: app.requirePrivilege(guards.userList),
      schema: {
        operationId: 'getUser',
        summary: 'Read one user',
        description: 'One user',
        security,
        params: idParamsSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => ({ data: (await find(db, request.params.id)).user }),
  );

  app.post(
    `/${apiPaths.users}`,
    {
      config: { problems: [problems.emailTaken, problems.personaTaken, problems.choiceNotActive] },
      onRequest: app.requirePrivilege(guards.userCreate),
      schema: {
        operationId: 'inviteUser',
        summary: 'Invite a user',
        description: 'Invite a user: pending, with a mailed link (72 h, single use) where the invitee chooses a password',
        security,
        body: inviteUserSchema,
        response: { 201: adminUserResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, fullName, userTypeId, personaId = null, organizationId = null } = request.body;
      // Nobody knows this password: the account opens only with the one the invitee chooses.
      const passwordHash = await hashPassword(newToken());
      const code = newToken();
      const { id, mailId } = await db.transaction(async (tx) => {
        orThrow(decideInvitation(await claimAddress(tx, email)));
        const userType = orThrow(decideUserType(await userTypeOf(tx, userTypeId)));
        if (personaId !== null) orThrow(decidePersona(await personaLink(tx, personaId), null));
        const persona =
          personaId !== null
            ? { id: personaId }
            : { fullName, organizationId, accountTypeId: await accountTypeIdByKey(tx, inviteeAccountType(userType.key)) };
        const id = await insertInvitedUser(tx, { email, passwordHash, userTypeId, persona });
        await insertCode(tx, {
          userId: id,
          purpose: 'invitation',
          codeHash: sha256(code),
          expiresAt: codeExpiresAt('invitation', Date.now()),
        });
        const created = await find(tx, id);
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({ action: 'invite', entity: 'user', entityId: id, before: null, after: created.snapshot }),
        );
        return { id, mailId: await mailer.enqueue(tx, invitationMail(email, created.user.fullName, activationLink(appUrl, code))) };
      });
      await mailer.deliver(mailId);
      return reply.code(201).send({ data: (await find(db, id)).user });
    },
  );

  app.patch(
    `/${apiPaths.user(':id')}`,
    {
      config: {
        problems: [
          problems.notOwnChange,
          problems.lastAdministrator,
          problems.userPending,
          problems.personaTaken,
          problems.choiceNotActive,
        ],
      },
      onRequest: app.requirePrivilege(guards.userUpdate),
      schema: {
        operationId: 'updateUser',
        summary: 'Change a user',
        description: 'Change a user’s type, persona or status; disabling ends every session of the user at once',
        security,
        params: idParamsSchema,
        body: updateUserSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      await db.transaction(async (tx) => {
        const before = await find(tx, id, true);
        const { endsSessions } = orThrow(
          decideUserChange(ruleCallerOf(request), {
            target: { id, status: before.user.status, userTypeId: before.user.userType.id, userTypeKey: before.userTypeKey },
            status: changes.status,
            userType: changes.userTypeId === undefined ? undefined : await userTypeOf(tx, changes.userTypeId),
            otherActiveAdministrators: await otherActiveAdministrators(tx, id),
          }),
        );
        if (changes.personaId !== undefined) orThrow(decidePersona(await personaLink(tx, changes.personaId), before.user));
        await updateUser(tx, id, changes);
        if (endsSessions) await revokeAllSessions(tx, id);
        const after = await find(tx, id);
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({ action: 'update', entity: 'user', entityId: id, before: before.snapshot, after: after.snapshot }),
        );
      });
      return { data: (await find(db, id)).user };
    },
  );

  app.post(
    `/${apiPaths.userInvitation(':id')}`,
    {
      config: { problems: [problems.notInvited] },
      onRequest: app.requirePrivilege(guards.userUpdate),
      schema: {
        operationId: 'resendInvitation',
        summary: 'Send an invitation again',
        description: 'Send a pending invitation again: a new link, the older ones end',
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const code = newToken();
      const mailId = await db.transaction(async (tx) => {
        const { user } = await find(tx, request.params.id, true);
        orThrow(decideResendInvitation(user));
        await insertCode(tx, {
          userId: user.id,
          purpose: 'invitation',
          codeHash: sha256(code),
          expiresAt: codeExpiresAt('invitation', Date.now()),
        });
        return mailer.enqueue(tx, invitationMail(user.email, user.fullName, activationLink(appUrl, code)));
      });
      await mailer.deliver(mailId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `/${apiPaths.userPasswordReset(':id')}`,
    {
      config: { problems: [problems.userNotActive] },
      onRequest: app.requirePrivilege(guards.userUpdate),
      schema: {
        operationId: 'sendUserPasswordReset',
        summary: 'Mail a user a password reset code',
        description: 'Mail the user a password reset code (as "Forgot password" does)',
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const code = newDigits(OTP_LENGTH);
      const mailId = await db.transaction(async (tx) => {
        const { user } = await find(tx, request.params.id, true);
        orThrow(decidePasswordResetFor(user));
        await insertCode(tx, {
          userId: user.id,
          purpose: 'passwordResetCode',
          codeHash: hashOneTimeCode(code),
          expiresAt: codeExpiresAt('passwordResetCode', Date.now()),
        });
        return mailer.enqueue(tx, passwordResetCodeMail(user.email, code));
      });
      await mailer.deliver(mailId);
      return reply.code(204).send(null);
    },
  );
  app.post(
    `/${apiPaths.userTwoFactorReset(':id')}`,
    {
      config: { problems: [problems.ownSecondFactorReset] },
      onRequest: app.requirePrivilege(guards.userUpdate),
      schema: {
        operationId: 'resetUserTwoFactor',
        summary: 'Reset a user’s second factor',
        description:
          "Reset a user's second factor (lost phone): removed, every session of theirs ended; required ones enrol again at sign-in",
        security,
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      orThrow(decideSecondFactorReset(callerOf(request).account.user.id, id));
      await db.transaction(async (tx) => {
        await find(tx, id, true);
        const had = !!(await findSecondFactor(tx, id, { lock: true }))?.secret;
        await removeSecondFactor(tx, id);
        await endCodes(tx, id, ['secondFactorChallenge']);
        await revokeAllSessions(tx, id);
        await appendAudit(
          tx,
          auditActorOf(request),
          auditRecord({ action: 'reset', entity: 'user', entityId: id, before: { secondFactor: had }, after: { secondFactor: false } }),
        );
      });
      return reply.code(204).send(null);
    },
  );
};
