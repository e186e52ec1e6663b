import { http, HttpResponse } from 'msw';

/**
 * QA's switch for failure paths in mock mode. A request the service worker answers never
 * reaches the network, so Playwright's `page.route` cannot fail it; this handler can.
 * Rules live in sessionStorage so they hold across reloads of the tab.
 */
export interface FaultRule {
  /** The request's pathname, e.g. `/api/v1/menu/privileges`. */
  path: string;
  /** HTTP status to answer with; 0 means a network failure. */
  status: number;
  /** A JSON body to answer instead of a problem: a malformed answer, say. */
  body?: unknown;
}

const STORAGE_KEY = 'complaint-desk-mock-faults';

function readRules(): FaultRule[] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as FaultRule[];
  } catch {
    return [];
  }
}

export const faults = {
  fail(path: string, status: number, body?: unknown) {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...readRules(), { path, status, body }]));
  },
  clear() {
    sessionStorage.removeItem(STORAGE_KEY);
  },
};

/** Runs before every other handler; answers only requests a rule names. */
export const faultHandler = http.all('*/api/*', ({ request }) => {
  const { pathname } = new URL(request.url);
  const rule = readRules().find((r) => r.path === pathname);
  if (!rule) return undefined;
  if (rule.status === 0) return HttpResponse.error();
  if (rule.body !== undefined) return HttpResponse.json(rule.body, { status: rule.status });
  return HttpResponse.json(
    { type: 'about:blank', title: 'Injected failure', status: rule.status },
    { status: rule.status, headers: { 'content-type': 'application/problem+json' } },
  );
});
