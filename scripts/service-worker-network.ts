import type { CDPSession } from '@playwright/test';

/** Network.emulateNetworkConditions' parameters. */
export interface NetworkConditions {
  offline: boolean;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}

/**
 * A page's network conditions on its service workers too. A page's emulation
 * (Network.emulateNetworkConditions on its CDP session) leaves its service worker's own fetches
 * (the install's precache, a cache miss) at full speed; DevTools sets them on each target. The
 * page's session auto-attaches to each service worker of its scope, which waits at its start
 * until the conditions are set. Its sessions are not flat: Playwright's CDPSession sends on
 * its own session only, so the worker's commands go through Target.sendMessageToTarget.
 */
export async function serviceWorkerNetwork(page: CDPSession, initial: NetworkConditions) {
  let conditions = initial;
  const workers = new Set<string>();
  const answers = new Map<number, () => void>();
  let lastId = 0;
  function send(sessionId: string, method: string, params: object = {}) {
    const id = ++lastId;
    const answered = new Promise<void>((resolve) => answers.set(id, resolve));
    void page.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(() => {});
    return answered;
  }
  page.on('Target.receivedMessageFromTarget', ({ message }) => {
    const { id } = JSON.parse(message) as { id?: number };
    if (id === undefined) return;
    answers.get(id)?.();
    answers.delete(id);
  });
  page.on('Target.attachedToTarget', ({ sessionId, waitingForDebugger }) => {
    workers.add(sessionId);
    // Sent in order, the worker runs only once its conditions are set.
    void send(sessionId, 'Network.enable');
    void send(sessionId, 'Network.emulateNetworkConditions', conditions);
    if (waitingForDebugger) void send(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  page.on('Target.detachedFromTarget', ({ sessionId }) => {
    if (sessionId) workers.delete(sessionId);
  });
  await page.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: false,
    filter: [{ type: 'service_worker' }, { exclude: true }],
  });
  return {
    /** Sets `next` on every service worker of the page, now and to come. */
    async set(next: NetworkConditions) {
      conditions = next;
      await Promise.all([...workers].map((worker) => send(worker, 'Network.emulateNetworkConditions', next)));
    },
    /** How many service workers the page's session is attached to. */
    attached: () => workers.size,
  };
}
