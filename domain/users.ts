import type { AdminUser, UserSortField } from '../contract/users';
import type { ListSort } from './lists';
import type { Caller } from './visibility';
import { allow, problems, refuse, type Decision } from './problems';
import { mayResetPassword } from './accounts';

/** The user type whose last active member can never be disabled or demoted. */
export const ADMINISTRATOR_USER_TYPE = 'administrator';

/** The account type of an invitee's new persona, by the key of the user type given (PRODUCT.md roles). */
export function inviteeAccountType(userTypeKey: string | null | undefined): 'authority' | 'contractor' | 'administrator' {
  return userTypeKey === 'contractor' ? 'contractor' : userTypeKey === ADMINISTRATOR_USER_TYPE ? 'administrator' : 'authority';
}

/** The user list: by e-mail unless sorted otherwise; `q` searches e-mail and name. */
export const USER_LIST_RULES = {
  first: { field: 'email', descending: false } satisfies ListSort<UserSortField>,
  searchIn: ['email', 'fullName'] as const,
};

/** Whether a pending account waits on an invitation or on its own registration; null when it is not pending. */
export const pendingKindOf = (user: { status: AdminUser['status']; invitedAt: Date | string | null }): AdminUser['pendingKind'] =>
  user.status === 'pending' ? (user.invitedAt ? 'invitation' : 'registration') : null;

/** An active user of the administrators' type: the last one is never disabled or demoted. */
export const isActiveAdministrator = (user: { status: AdminUser['status'] }, userTypeKey: string | null) =>
  user.status === 'active' && userTypeKey === ADMINISTRATOR_USER_TYPE;

/** Any account with the e-mail, whatever its status, refuses an invitation (unlike a registration). */
export const decideInvitation = (existing: { status: AdminUser['status'] } | null): Decision =>
  existing ? refuse(problems.emailTaken()) : allow();

/** A user type as the rules see it. */
export interface UserTypeFacts {
  id: number;
  key?: string | null;
  active: boolean;
}

/** A user type chosen must exist and be active. */
export const decideUserType = <T extends UserTypeFacts>(type: T | null | undefined): Decision<T> =>
  type?.active ? allow(type) : refuse(problems.choiceNotActive('userTypeId', 'user type'));

/** A persona as a user may take it: active, and no other user's. */
export interface PersonaLink {
  id: number;
  active: boolean;
  /** The user who has it, if any. */
  userId: number | null;
}

/** The persona asked for a user (null: one being invited): the one it has, or one it may take. */
export function decidePersona(persona: PersonaLink | null, user: { id: number; personaId: number } | null): Decision {
  if (persona && persona.id === user?.personaId) return allow();
  if (!persona?.active) return refuse(problems.choiceNotActive('personaId', 'persona'));
  if (persona.userId !== null && persona.userId !== user?.id) return refuse(problems.personaTaken());
  return allow();
}

/** What a change of a user means to the rules. */
export interface UserChange {
  target: { id: number; status: AdminUser['status']; userTypeId: number; userTypeKey: string | null };
  status?: 'active' | 'disabled';
  /** The user type asked, as found (null when none has its id); undefined when none is asked. */
  userType?: UserTypeFacts | null;
  /** Active administrators other than the target. */
  otherActiveAdministrators: number;
}

/**
 * A new user type must be active; nobody disables or demotes themself; the last active
 * administrator is never disabled or demoted; a pending account becomes active only by its
 * own link. Disabling ends every session of the user.
 */
export function decideUserChange(caller: Caller, change: UserChange): Decision<{ endsSessions: boolean }> {
  const { target, userType } = change;
  const retyping = userType !== undefined && userType?.id !== target.userTypeId;
  const chosen = retyping ? decideUserType(userType) : allow();
  if (!chosen.ok) return chosen;
  const disabling = change.status === 'disabled' && target.status !== 'disabled';
  const demoting = retyping && target.userTypeKey === ADMINISTRATOR_USER_TYPE && userType?.key !== ADMINISTRATOR_USER_TYPE;
  if (target.id === caller.userId && (disabling || retyping)) return refuse(problems.notOwnChange());
  if (change.status === 'active' && target.status === 'pending') return refuse(problems.userPending());
  if (isActiveAdministrator(target, target.userTypeKey) && (disabling || demoting) && change.otherActiveAdministrators === 0) {
    return refuse(problems.lastAdministrator());
  }
  return allow({ endsSessions: change.status === 'disabled' });
}

export const decideResendInvitation = (user: Pick<AdminUser, 'status' | 'pendingKind'>): Decision =>
  user.status === 'pending' && user.pendingKind === 'invitation' ? allow() : refuse(problems.notInvited());

export const decidePasswordResetFor = (user: Pick<AdminUser, 'status'>): Decision =>
  mayResetPassword(user) ? allow() : refuse(problems.userNotActive());
