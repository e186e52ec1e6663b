import { useMemo } from 'react';
import { DECISION_STATUS } from '@contract/complaint-rules';
import { COMPLAINT_STATUS } from '@contract/complaint-status';
import { canMove, isOverdue } from '@domain/complaint-states';
import type { Complaint } from '@contract';
import { menuItems } from '@contract/menu-items';
import { useMenuActions } from '@/lib/use-menu-actions';
import { useRootStore } from '@/stores/root-store';

/** The Justify Complaint screen, where contractors justify and verifiers decide (its URL is SPEC's). */
export const JUSTIFY_COMPLAINT_URL = menuItems.justifyComplaint.url;

type Target = Pick<Complaint, 'status' | 'createdBy' | 'justifyBy'>;

export interface DecisionRights {
  /** The contractor's users may justify a submitted complaint until its `justifyBy`. */
  mayJustify: (c: Target) => boolean;
  /** Verifiers may fine or waive a submitted or justified one... */
  mayVerify: (c: Target) => boolean;
  /** ...but never one they registered themselves. */
  isOwn: (c: Target) => boolean;
  /** Whether the caller verifies at all (fines and waives): the screen offers deciding several at once. */
  mayDecide: boolean;
  /** Whether the caller's privileges have arrived (the sidebar menu); until then nothing is allowed. */
  ready: boolean;
}

/**
 * What the caller may do to a complaint on the Justify Complaint screen, from the privilege
 * matrix the sidebar received and the state table. The server checks again.
 */
export function useDecisionRights(): DecisionRights {
  const actions = useMenuActions(JUSTIFY_COMPLAINT_URL);
  const userId = useRootStore((s) => s.auth.user?.id);
  const ready = useRootStore((s) => s.dashboard.sidebarMenus.length > 0);
  return useMemo(
    () => ({
      // Until its time to justify ends; after it the verifier decides alone.
      mayJustify: (c) => actions.has('justify') && canMove(c.status, COMPLAINT_STATUS.justified) && !isOverdue(c, Date.now()),
      mayVerify: (c) => actions.has('verify') && canMove(c.status, DECISION_STATUS.fine),
      isOwn: (c) => c.createdBy.id === userId,
      mayDecide: actions.has('verify'),
      ready,
    }),
    [actions, userId, ready],
  );
}
