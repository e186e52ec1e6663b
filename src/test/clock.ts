import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Sets the clock (Date alone; timers stay real, so the UI and MSW run as usual) to a moment of
 * the fixtures' own time, such as an hour after a complaint was registered: its time to justify
 * has not passed then, whatever today's date.
 */
export function setClock(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

export const HOUR_MS = 3_600_000;
