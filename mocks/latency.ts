import { delay } from 'msw';

let latencyMs = 0;

/** The browser slows answers down so loading states are visible; tests keep it at zero. */
export function setMockLatency(ms: number): void {
  latencyMs = ms;
}

export async function simulateLatency(): Promise<void> {
  if (latencyMs > 0) await delay(latencyMs);
}
