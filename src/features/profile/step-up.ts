import { create } from 'zustand';

/** Whether a call waits for this session to answer its second factor: the step-up dialog shows while it does. */
export const useStepUpAsked = create<{ asked: boolean }>(() => ({ asked: false }));

let settle: ((answered: boolean) => void) | null = null;

/**
 * Asks the user, through the step-up dialog of the signed-in frame, to answer the session's
 * second factor (issue 45): true once answered, false if they would not. api-client.ts asks it
 * once for every call refused meanwhile (registered in main.tsx).
 */
export function askSecondFactor(): Promise<boolean> {
  settle?.(false);
  return new Promise((resolve) => {
    settle = resolve;
    useStepUpAsked.setState({ asked: true });
  });
}

/** The dialog's end: answered (the calls are sent again), or given up (their 403 stands). */
export function settleStepUp(answered: boolean) {
  const resolve = settle;
  settle = null;
  useStepUpAsked.setState({ asked: false });
  resolve?.(answered);
}
