import type { AdminUser } from '../contract/users';
import type { Caller } from './visibility';
import { allow, problems, refuse, type Decision } from './problems';

/** The user type whose last active member can never be disabled or demoted. */
export const ADMINISTRATOR_USER_TYPE = 'administrator';

/** The account type of an invitee's new persona, by the key of the user type given (PRODUCT.md roles). */
export function inviteeAccountType(userTypeKey: string | null): 'authority' | 'contractor' | 'administrator' {
  return userTypeKey === 'contractor' ? 'contractor' : userTypeKey === ADMINISTRATOR_USER_TYPE ? 'administrator' : 'authority';
}

/** A persona as a user may take it: active, and no other user's. */
export interface PersonaLink {
  active: boolean;
  /** The user who has it, if any. */
  userId: number | null;
}

export function decidePersona(persona: PersonaLink | null, forUserId: number | null): Decision {
  if (!persona?.active) return refuse(problems.choiceNotActive('personaId', 'persona'));
  if (persona.userId !== null && persona.userId !== forUserId) return refuse(problems.personaTaken());
  return allow();
}

/** What a change of a user means to the rules. */
export interface UserChange {
  target: { id: number; status: AdminUser['status']; isAdministrator: boolean };
  status?: 'active' | 'disabled';
  /** Whether the user type asked is the administrators'; undefined when it is not changed. */
  becomesAdministrator?: boolean;
  /** Active administrators other than the target. */
  otherActiveAdministrators: number;
}

/**
 * Nobody disables or demotes themself; the last active administrator is never disabled or
 * demoted; a pending account becomes active only by its own link.
 */
export function decideUserChange(caller: Caller, change: UserChange): Decision {
  const { target } = change;
  const disabling = change.status === 'disabled' && target.status !== 'disabled';
  const demoting = target.isAdministrator && change.becomesAdministrator === false;
  const retyping = change.becomesAdministrator !== undefined;
  if (target.id === caller.userId && (disabling || retyping)) return refuse(problems.notOwnChange());
  if (change.status === 'active' && target.status === 'pending') return refuse(problems.userPending());
  if (target.isAdministrator && target.status === 'active' && (disabling || demoting) && change.otherActiveAdministrators === 0) {
    return refuse(problems.lastAdministrator());
  }
  return allow();
}

export const decideResendInvitation = (user: Pick<AdminUser, 'status' | 'pendingKind'>): Decision =>
  user.status === 'pending' && user.pendingKind === 'invitation' ? allow() : refuse(problems.notInvited());

export const decidePasswordResetFor = (user: Pick<AdminUser, 'status'>): Decision => (user.status === 'active' ? allow() : refuse(problems.userNotActive()));
