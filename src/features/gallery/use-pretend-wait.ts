import { useEffect, useRef, useState } from 'react';

/**
 * A button's busy state without a server: `start` marks it busy for `ms`, then runs `done`.
 * What the gallery's buttons do instead of calling the API.
 */
export function usePretendWait(ms = 1200) {
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  function start(done?: () => void) {
    setBusy(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setBusy(false);
      done?.();
    }, ms);
  }
  return { busy, start };
}
