import {
  adminUserResponseSchema,
  apiPaths,
  DEFAULT_PREFERENCES,
  idParamsSchema,
  inviteUserSchema,
  updateUserSchema,
  USER_SORT_FIELDS,
  userListQuerySchema,
  userListResponseSchema,
  type AdminUser,
} from '@contract';
import { ACCOUNT_TYPE_ID } from '@fixtures';
import {
  activationLink,
  decideInvitation,
  decidePasswordResetFor,
  decidePersona,
  decideResendInvitation,
  decideUserChange,
  decideUserType,
  guards,
  instant,
  invitationMail,
  inviteeAccountType,
  isActiveAdministrator,
  listOrder,
  matchesSearch,
  orThrow,
  pageRows,
  parseSort,
  passwordResetCodeMail,
  pendingKindOf,
  problems,
  USER_LIST_RULES,
  userSnapshot,
} from '@domain';
import { issueAccountCode } from '../account-codes';
import { recordAudit } from '../audit';
import { accountByEmail, mockDb, personaOf, updateMockDb, userTypeKeyOf, type MockDbState, type StoredAccount } from '../db';
import { noContent, readBody, readParams, readQuery, respond, route } from '../http';
import { appUrl, send } from '../mail';
import { randomToken } from '../random-codes';
import { endSessions, presentUser, requirePrivilege } from '../session';

type Db = Readonly<MockDbState>;

/** A user as administrators see one (server/repositories/users-admin.ts). */
function presentAdminUser(db: Db, account: StoredAccount): AdminUser {
  const { preferences: _preferences, ...user } = presentUser(db, account);
  return { ...user, personaId: account.personaId, pendingKind: pendingKindOf(account), createdAt: account.createdAt };
}

const userTypeOf = (db: Db, id: number) => db.catalogues['user-types'].find((t) => t.id === id) ?? null;
const personaLink = (db: Db, personaId: number) => {
  const persona = db.catalogues.personas.find((p) => p.id === personaId);
  return persona
    ? { id: persona.id, active: persona.active, userId: db.accounts.find((a) => a.personaId === personaId)?.id ?? null }
    : null;
};

function requireUser(db: Db, id: number): StoredAccount {
  const found = db.accounts.find((a) => a.id === id);
  if (!found) throw problems.notFound('User');
  return found;
}

const answer = (id: number, status = 200) =>
  respond(adminUserResponseSchema, { data: presentAdminUser(mockDb(), requireUser(mockDb(), id)) }, status);

export const userHandlers = [
  route('get', apiPaths.users, ({ request }) => {
    requirePrivilege(request, guards.userList);
    const { page, limit, sort, q, status, userTypeId, organizationId } = readQuery(request, userListQuerySchema);
    const order = parseSort(sort, USER_SORT_FIELDS) ?? USER_LIST_RULES.first;
    const db = mockDb();
    const rows = db.accounts
      .map((a) => presentAdminUser(db, a))
      .filter(
        (u) =>
          matchesSearch(q, USER_LIST_RULES.searchIn, u) &&
          (!status || u.status === status) &&
          (!userTypeId || u.userType.id === userTypeId) &&
          (!organizationId || u.userProfile.organizationId === organizationId),
      )
      .sort(listOrder(order, (u, field) => (field === 'createdAt' ? instant(u.createdAt) : u[field])));
    return respond(userListResponseSchema, { data: pageRows(rows, { page, limit }) });
  }),

  route('get', apiPaths.user(':id'), ({ request, params }) => {
    requirePrivilege(request, guards.userList);
    return answer(readParams(params, idParamsSchema).id);
  }),

  route('post', apiPaths.users, async ({ request }) => {
    const session = requirePrivilege(request, guards.userCreate);
    const { email, fullName, userTypeId, personaId = null, organizationId = null } = await readBody(request, inviteUserSchema);
    const id = updateMockDb((db) => {
      orThrow(decideInvitation(accountByEmail(db, email) ?? null));
      const userType = orThrow(decideUserType(userTypeOf(db, userTypeId)));
      if (personaId !== null) orThrow(decidePersona(personaLink(db, personaId), null));
      let persona = personaId;
      if (persona === null) {
        persona = Math.max(0, ...db.catalogues.personas.map((p) => p.id)) + 1;
        const accountTypeId = ACCOUNT_TYPE_ID[inviteeAccountType(userType.key)];
        db.catalogues.personas.push({
          id: persona,
          fullName,
          staffNo: null,
          phone: null,
          positionId: null,
          zoneId: null,
          organizationId,
          accountTypeId,
          active: true,
        });
      }
      const account: StoredAccount = {
        id: Math.max(0, ...db.accounts.map((a) => a.id)) + 1,
        email,
        password: randomToken(),
        image: null,
        preferences: { ...DEFAULT_PREFERENCES },
        status: 'pending',
        userTypeId,
        personaId: persona,
        invitedAt: new Date().toISOString(),
        createdAt: new Date().toISOString(),
      };
      db.accounts.push(account);
      const { code } = issueAccountCode(db, account.id, 'invitation');
      send(db, invitationMail(email, personaOf(db, account).fullName, activationLink(appUrl(), code)));
      recordAudit(db, session, { action: 'invite', entity: 'user', entityId: account.id, before: null, after: userSnapshot(account) });
      return account.id;
    });
    return answer(id, 201);
  }),

  route('patch', apiPaths.user(':id'), async ({ request, params }) => {
    const session = requirePrivilege(request, guards.userUpdate);
    const { id } = readParams(params, idParamsSchema);
    const changes = await readBody(request, updateUserSchema);
    updateMockDb((db) => {
      const account = requireUser(db, id);
      const { endsSessions } = orThrow(
        decideUserChange(session.caller, {
          target: { id, status: account.status, userTypeId: account.userTypeId, userTypeKey: userTypeKeyOf(db, account.userTypeId) },
          status: changes.status,
          userType: changes.userTypeId === undefined ? undefined : userTypeOf(db, changes.userTypeId),
          otherActiveAdministrators: db.accounts.filter((a) => a.id !== id && isActiveAdministrator(a, userTypeKeyOf(db, a.userTypeId)))
            .length,
        }),
      );
      if (changes.personaId !== undefined) orThrow(decidePersona(personaLink(db, changes.personaId), account));
      const before = userSnapshot(account);
      Object.assign(account, changes);
      if (endsSessions) endSessions(db, id);
      recordAudit(db, session, { action: 'update', entity: 'user', entityId: id, before, after: userSnapshot(account) });
    });
    return answer(id);
  }),

  route('post', apiPaths.userInvitation(':id'), ({ request, params }) => {
    requirePrivilege(request, guards.userUpdate);
    const { id } = readParams(params, idParamsSchema);
    updateMockDb((db) => {
      const account = requireUser(db, id);
      orThrow(decideResendInvitation(presentAdminUser(db, account)));
      send(
        db,
        invitationMail(
          account.email,
          personaOf(db, account).fullName,
          activationLink(appUrl(), issueAccountCode(db, id, 'invitation').code),
        ),
      );
    });
    return noContent();
  }),

  route('post', apiPaths.userPasswordReset(':id'), ({ request, params }) => {
    requirePrivilege(request, guards.userUpdate);
    const { id } = readParams(params, idParamsSchema);
    updateMockDb((db) => {
      const account = requireUser(db, id);
      orThrow(decidePasswordResetFor(account));
      send(db, passwordResetCodeMail(account.email, issueAccountCode(db, id, 'passwordResetCode').code));
    });
    return noContent();
  }),
];
