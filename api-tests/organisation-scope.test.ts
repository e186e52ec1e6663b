import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { complaintResponseSchema } from '../contract/complaints';
import { mailListResponseSchema } from '../contract/mail';
import { notificationListResponseSchema } from '../contract/notifications';
import { savedViewListResponseSchema, savedViewResponseSchema } from '../contract/saved-views';
import { REFERENCE_LIST_KEYS } from '../contract/reference-lists';
import { accounts, ACCOUNT_ID, claimRecords, complaints, contractOf, contracts, organizations, ORGANIZATION_ID } from '../fixtures';
import { emailOf } from './support/client';
import { connectInjector, type InjectOptions } from './support/inject';

/**
 * PRODUCT.md: a contractor sees only its own organisation's records. Two contractors'
 * representatives, of two organisations, call every route that names a record with their
 * own organisation's record and with the other's; then every answer a contractor can get is
 * scanned for what other organisations are known by.
 */
const CONTRACTORS = ['contractor', 'kitarHijau'] as const;
type Contractor = (typeof CONTRACTORS)[number];
const ORGANIZATION_OF: Record<Contractor, number> = { contractor: ORGANIZATION_ID.alamBersih, kitarHijau: ORGANIZATION_ID.kitarHijau };
const OTHER: Record<Contractor, Contractor> = { contractor: 'kitarHijau', kitarHijau: 'contractor' };
type Caller = Contractor | 'admin' | 'officer';

/** One organisation's records a row names. */
interface Records {
  owner: Contractor;
  organization: number;
  user: number;
  contract: number;
  /** A fixture complaint with images: only read. */
  complaint: number;
  /** Registered here, so still within its time to justify. */
  fresh: number;
  /** An issued claim record of its contract. */
  claim: number;
  notification: { read: number; remove: number };
  /** A saved view of its representative's, named with one of its complaints' reference numbers. */
  savedView: number;
  mail: number;
  /** The first image of `complaint`, as its owner is given it (the server signs the address). */
  file: { id: string; url: string };
  /** A session of its own, where the back end lists sessions. */
  session: { id: string; headers: Record<string, string> } | null;
}
/**
 * Each organisation's records for its own representative, and those the other contractor aims
 * at: apart where the owner's call changes them, so that one's success cannot hide the other's.
 */
const RECORDS = {} as Record<Contractor, { own: Records; aimedAt: Records }>;
/** Complaints registered here, by organisation: another organisation's identifiers as much as the fixtures'. */
const registered: { id: number; refNo: string; organizationId: number }[] = [];

const t = connectInjector();
const sessions = {} as Record<Caller, Record<string, string>>;
const call = (who: Caller, options: InjectOptions) => t.app.inject({ ...options, headers: { ...sessions[who], ...options.headers } });
const get = (who: Caller, url: string) => call(who, { method: 'GET', url });

/** Witnesses: a record as someone who may read it sees it, compared before and after another organisation's call. */
const noticeOf = async (owner: Contractor, id: number) =>
  notificationListResponseSchema.parse((await get(owner, '/api/v1/notifications?limit=1000')).json()).data.items.find((n) => n.id === id) ??
  null;
const asAdmin = (url: string) => async () => {
  const res = await get('admin', url);
  return { status: res.statusCode, body: res.body };
};
const mailsTo = (owner: Contractor) => async () => (await t.api.outbox(emailOf(owner))).length;

interface ScopeRow {
  /** The call on `target`'s record; `caller` holds the caller's own. */
  request: (target: Records, caller: Records) => InjectOptions;
  /** Its answer on the caller's own organisation's record, as the privilege matrix says. */
  own: number;
  /** The record as someone who may read it sees it; another organisation's call must not change it. */
  witness?: (target: Records) => () => Promise<unknown>;
}

const SCOPE: Record<string, ScopeRow> = {
  'GET /api/v1/complaints/:id': { request: (r) => ({ method: 'GET', url: `/api/v1/complaints/${r.complaint}` }), own: 200 },
  'GET /api/v1/complaints/:id/evidence': {
    request: (r) => ({ method: 'GET', url: `/api/v1/complaints/${r.complaint}/evidence` }),
    own: 200,
  },
  'GET /api/v1/complaints/:id/evidence-pack.pdf': {
    request: (r) => ({ method: 'GET', url: `/api/v1/complaints/${r.complaint}/evidence-pack.pdf` }),
    own: 200,
  },
  'PATCH /api/v1/complaints/:id': {
    request: (r) => ({ method: 'PATCH', url: `/api/v1/complaints/${r.fresh}`, payload: { qty: 99 } }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/complaints/${r.fresh}`),
  },
  'DELETE /api/v1/complaints/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/complaints/${r.fresh}` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/complaints/${r.fresh}`),
  },
  'POST /api/v1/complaints/:id/justify': {
    request: (r) => ({
      method: 'POST',
      url: `/api/v1/complaints/${r.fresh}/justify`,
      payload: { justification: 'Collected the next morning.' },
    }),
    own: 200,
    witness: (r) => asAdmin(`/api/v1/complaints/${r.fresh}`),
  },
  'POST /api/v1/complaints/:id/verify': {
    request: (r) => ({ method: 'POST', url: `/api/v1/complaints/${r.fresh}/verify`, payload: { decision: 'waive' } }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/complaints/${r.fresh}`),
  },
  'GET /api/v1/claim-records/:id': { request: (r) => ({ method: 'GET', url: `/api/v1/claim-records/${r.claim}` }), own: 200 },
  'GET /api/v1/claim-records/:id.csv': { request: (r) => ({ method: 'GET', url: `/api/v1/claim-records/${r.claim}.csv` }), own: 200 },
  'POST /api/v1/claim-records/:id/refresh': {
    request: (r) => ({ method: 'POST', url: `/api/v1/claim-records/${r.claim}/refresh` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/claim-records/${r.claim}`),
  },
  'POST /api/v1/claim-records/:id/issue': {
    request: (r) => ({ method: 'POST', url: `/api/v1/claim-records/${r.claim}/issue` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/claim-records/${r.claim}`),
  },
  'POST /api/v1/claim-records/:id/pay': {
    request: (r) => ({
      method: 'POST',
      url: `/api/v1/claim-records/${r.claim}/pay`,
      payload: { paidOn: '2026-06-01', reference: 'TAKEN-OVER' },
    }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/claim-records/${r.claim}`),
  },
  'DELETE /api/v1/claim-records/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/claim-records/${r.claim}` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/claim-records/${r.claim}`),
  },
  'GET /api/v1/notifications/:id': {
    request: (r) => ({ method: 'GET', url: `/api/v1/notifications/${r.notification.read}` }),
    own: 200,
    witness: (r) => () => noticeOf(r.owner, r.notification.read),
  },
  'DELETE /api/v1/notifications/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/notifications/${r.notification.remove}` }),
    own: 204,
    witness: (r) => () => noticeOf(r.owner, r.notification.remove),
  },
  'DELETE /api/v1/saved-views/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/saved-views/${r.savedView}` }),
    own: 204,
    witness: (r) => async () =>
      savedViewListResponseSchema.parse((await get(r.owner, '/api/v1/saved-views')).json()).data.items.find((v) => v.id === r.savedView) ??
      null,
  },
  'GET /api/v1/mail/:id': { request: (r) => ({ method: 'GET', url: `/api/v1/mail/${r.mail}` }), own: 200 },
  'POST /api/v1/mail/:id/resend': {
    request: (r) => ({ method: 'POST', url: `/api/v1/mail/${r.mail}/resend` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/mail/${r.mail}`),
  },
  'GET /api/v1/users/:id': { request: (r) => ({ method: 'GET', url: `/api/v1/users/${r.user}` }), own: 403 },
  'PATCH /api/v1/users/:id': {
    request: (r) => ({ method: 'PATCH', url: `/api/v1/users/${r.user}`, payload: { status: 'disabled' } }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/users/${r.user}`),
  },
  'POST /api/v1/users/:id/invitation': {
    request: (r) => ({ method: 'POST', url: `/api/v1/users/${r.user}/invitation` }),
    own: 403,
    witness: (r) => mailsTo(r.owner),
  },
  'POST /api/v1/users/:id/password-reset': {
    request: (r) => ({ method: 'POST', url: `/api/v1/users/${r.user}/password-reset` }),
    own: 403,
    witness: (r) => mailsTo(r.owner),
  },
  'POST /api/v1/users/:id/two-factor/reset': {
    request: (r) => ({ method: 'POST', url: `/api/v1/users/${r.user}/two-factor/reset` }),
    own: 403,
  },
  'GET /api/v1/organizations/:id': { request: (r) => ({ method: 'GET', url: `/api/v1/organizations/${r.organization}` }), own: 403 },
  'PATCH /api/v1/organizations/:id': {
    request: (r) => ({ method: 'PATCH', url: `/api/v1/organizations/${r.organization}`, payload: { address: 'Taken over' } }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/organizations/${r.organization}`),
  },
  'DELETE /api/v1/organizations/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/organizations/${r.organization}` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/organizations/${r.organization}`),
  },
  'GET /api/v1/contracts/:id': { request: (r) => ({ method: 'GET', url: `/api/v1/contracts/${r.contract}` }), own: 403 },
  'PATCH /api/v1/contracts/:id': {
    request: (r) => ({ method: 'PATCH', url: `/api/v1/contracts/${r.contract}`, payload: { title: 'Taken over' } }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/contracts/${r.contract}`),
  },
  'DELETE /api/v1/contracts/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/contracts/${r.contract}` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/contracts/${r.contract}`),
  },
  // A user's persona has the user's id (fixtures/personas.ts).
  'GET /api/v1/personas/:id': { request: (r) => ({ method: 'GET', url: `/api/v1/personas/${r.user}` }), own: 403 },
  'PATCH /api/v1/personas/:id': {
    request: (r) => ({ method: 'PATCH', url: `/api/v1/personas/${r.user}`, payload: { phone: '+60 0' } }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/personas/${r.user}`),
  },
  'DELETE /api/v1/personas/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/personas/${r.user}` }),
    own: 403,
    witness: (r) => asAdmin(`/api/v1/personas/${r.user}`),
  },
  'DELETE /api/v1/me/sessions/:id': {
    request: (r) => ({ method: 'DELETE', url: `/api/v1/me/sessions/${r.session!.id}` }),
    own: 204,
    witness: (r) => async () => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: r.session!.headers })).statusCode,
  },
  // The address is the capability: the caller's own signature does not open another organisation's image.
  'GET /api/v1/files/:id': {
    request: (r, caller) => ({ method: 'GET', url: caller.file.url.replace(caller.file.id, r.file.id) }),
    own: 200,
  },
};

/** Nobody's in particular: the same to every caller, so the privilege matrix alone decides (authorization-matrix.test.ts). */
const SHARED = new Set([
  ...[...REFERENCE_LIST_KEYS, 'formulas', 'type-of-offences'].flatMap((key) =>
    ['GET', 'PATCH', 'DELETE'].map((method) => `${method} /api/v1/${key}/:id`),
  ),
  'PUT /api/v1/privileges/matrix/:userTypeId',
]);

/**
 * Every list, export and page of the API with the query the screens send; what a contractor
 * may read among them. Any other route without a parameter is a list, asked for whole.
 */
const DASHBOARD_RANGE = 'from=2026-01-01T00:00:00%2B08:00&to=2027-01-01T00:00:00%2B08:00';
const SCAN_URLS: Record<string, string[]> = {
  'GET /api/v1/complaints': ['/api/v1/complaints?limit=1000', '/api/v1/complaints?history=true&limit=1000'],
  'GET /api/v1/complaints.csv': ['/api/v1/complaints.csv', '/api/v1/complaints.csv?history=true'],
  'GET /api/v1/mail': ['/api/v1/mail?limit=1000', '/api/v1/mail?all=true&limit=1000'],
  'GET /api/v1/dashboard': [`/api/v1/dashboard?${DASHBOARD_RANGE}`],
  ...Object.fromEntries(
    [
      'me',
      'me/sessions',
      'me/two-factor',
      'me/complaint-moves',
      'menu/privileges',
      'complaints/filter-options',
      'complaints/form-options',
      'privileges/matrix',
      'saved-views',
    ].map((path) => [`GET /api/v1/${path}`, [`/api/v1/${path}`]]),
  ),
};
const scanUrls = (route: string) => SCAN_URLS[route] ?? [`${route.slice('GET '.length)}${route.endsWith('.csv') ? '' : '?limit=1000'}`];
const CONTRACTOR_READS = new Set([
  '/api/v1/complaints?limit=1000',
  '/api/v1/complaints?history=true&limit=1000',
  '/api/v1/complaints.csv',
  '/api/v1/complaints.csv?history=true',
  '/api/v1/mail?limit=1000',
  `/api/v1/dashboard?${DASHBOARD_RANGE}`,
  '/api/v1/me',
  '/api/v1/me/sessions',
  '/api/v1/me/two-factor',
  '/api/v1/me/complaint-moves',
  '/api/v1/menu/privileges',
  '/api/v1/complaints/filter-options',
  '/api/v1/notifications?limit=1000',
  '/api/v1/saved-views',
  '/api/v1/claim-records?limit=1000',
  '/api/v1/type-of-offences?limit=1000',
  '/api/v1/type-of-offences.csv',
]);

/** Lists asked for the other organisation's records by its id, contract or reference: a filter must not widen a contractor's view. */
function aimedAtTheOther(who: Contractor) {
  const other = ORGANIZATION_OF[OTHER[who]];
  const refNo = complaints.find((c) => c.organizationId === other)!.refNo;
  return [
    `/api/v1/complaints?history=true&organizationId=${other}&limit=1000`,
    `/api/v1/complaints.csv?history=true&organizationId=${other}`,
    `/api/v1/complaints?history=true&q=${refNo}&limit=1000`,
    `/api/v1/claim-records?organizationId=${other}&limit=1000`,
    `/api/v1/claim-records?contractId=${contractOf(other).id}&limit=1000`,
  ];
}

type Kind =
  | 'organisation name'
  | 'registration number'
  | 'organisation e-mail'
  | 'user e-mail'
  | 'reference number'
  | 'contract number'
  | 'invoice number'
  | 'organisation id'
  | 'complaint id'
  | 'claim record id';
interface Forbidden {
  texts: Map<string, Kind>;
  organizationIds: Set<number>;
  complaintIds: Set<number>;
  claimRecordIds: Set<number>;
}

/** What every organisation but the caller's is known by (the authority's own staff and name are everyone's counterpart). */
function forbiddenFor(who: Contractor): Forbidden {
  const others = new Set(organizations.filter((o) => o.id !== ORGANIZATION_OF[who] && o.id !== ORGANIZATION_ID.authority).map((o) => o.id));
  const theirs = <T extends { organizationId: number }>(list: readonly T[]) => list.filter((item) => others.has(item.organizationId));
  const theirComplaints = [...theirs(complaints), ...theirs(registered)];
  const theirClaims = claimRecords.filter((r) => others.has(contracts.find((c) => c.id === r.contract.id)!.organizationId));
  const texts = new Map<string, Kind>([
    ...organizations
      .filter((o) => others.has(o.id))
      .flatMap(
        (o) =>
          [
            [o.name, 'organisation name'],
            [o.registrationNo, 'registration number'],
            ...(o.email ? [[o.email, 'organisation e-mail']] : []),
          ] as [string, Kind][],
      ),
    ...accounts
      .filter((a) => a.userProfile.organizationId !== null && others.has(a.userProfile.organizationId))
      .map((a) => [a.email, 'user e-mail'] as [string, Kind]),
    ...theirComplaints.map((c) => [c.refNo, 'reference number'] as [string, Kind]),
    ...theirs(contracts).map((c) => [c.contractNo, 'contract number'] as [string, Kind]),
    ...theirClaims.flatMap((r) => (r.invoiceNo ? [[r.invoiceNo, 'invoice number'] as [string, Kind]] : [])),
  ]);
  return {
    texts,
    organizationIds: others,
    complaintIds: new Set(theirComplaints.map((c) => c.id)),
    claimRecordIds: new Set(theirClaims.map((r) => r.id)),
  };
}

/** Every identifier of `forbidden` in a body: its texts anywhere, its ids where a JSON body names them. */
function leaksIn(body: string, forbidden: Forbidden): string[] {
  const found = [...forbidden.texts].filter(([text]) => body.includes(text)).map(([text, kind]) => `${kind} ${text}`);
  const walk = (value: unknown, key: string | null): void => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, key));
    if (typeof value === 'number') {
      if (key === 'organizationId' && forbidden.organizationIds.has(value)) found.push(`organisation id ${value}`);
      if (key === 'complaintId' && forbidden.complaintIds.has(value)) found.push(`complaint id ${value}`);
      if (key === 'claimRecordId' && forbidden.claimRecordIds.has(value)) found.push(`claim record id ${value}`);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    const id = typeof record.id === 'number' ? record.id : null;
    if (id !== null && key === 'organization' && forbidden.organizationIds.has(id)) found.push(`organisation id ${id}`);
    // A complaint or a claim record itself, not a row that points at one (a move, a line).
    if (id !== null && 'refNo' in record && !('complaintId' in record) && forbidden.complaintIds.has(id)) found.push(`complaint id ${id}`);
    if (id !== null && 'invoiceNo' in record && !('claimRecordId' in record) && forbidden.claimRecordIds.has(id))
      found.push(`claim record id ${id}`);
    for (const [k, v] of Object.entries(record)) walk(v, k);
  };
  try {
    walk(JSON.parse(body), null);
  } catch {
    // not JSON (an export): its texts are what it names
  }
  return found;
}

const FORBIDDEN = {} as Record<Contractor, Forbidden>;
let registeredRoutes = new Set<string>();
/** A contractor's answer: not empty, and nothing of another organisation in it. */
function expectNothingOfOthers(who: Contractor, res: { body: string }) {
  expect(res.body.length).toBeGreaterThan(0);
  expect(leaksIn(res.body, FORBIDDEN[who]), res.body.slice(0, 300)).toEqual([]);
}

beforeAll(async () => {
  for (const who of ['admin', 'officer', ...CONTRACTORS] as const) sessions[who] = await t.signIn(who);
  registeredRoutes = new Set(await t.api.routes());
  for (const owner of CONTRACTORS) {
    const organizationId = ORGANIZATION_OF[owner];
    const contract = contractOf(organizationId);
    const fresh: number[] = [];
    for (const location of ['Own', 'Aimed at', 'Spare']) {
      const payload = {
        typeOfOffenceId: 1,
        dateOfMisconduct: '2026-11-01T08:30:00+08:00',
        description: 'Bins left uncollected.',
        organizationId,
        contractId: contract.id,
        offender: 'Crew B',
        location,
        qty: 1,
      };
      const made = complaintResponseSchema.parse(
        (await call('officer', { method: 'POST', url: '/api/v1/complaints', payload })).json(),
      ).data;
      registered.push({ id: made.id, refNo: made.refNo, organizationId });
      fresh.push(made.id);
    }
    expect((await call('admin', { method: 'POST', url: `/api/v1/users/${ACCOUNT_ID[owner]}/password-reset` })).statusCode).toBe(204);
    const mail = mailListResponseSchema.parse((await get(owner, '/api/v1/mail?limit=1000')).json()).data.items[0]!.id;
    const bell = notificationListResponseSchema.parse((await get(owner, '/api/v1/notifications?limit=1000')).json()).data.items;
    const complaint = complaints.find((c) => c.organizationId === organizationId && c.complaintAttachments.length > 0)!.id;
    const image = complaintResponseSchema.parse((await get(owner, `/api/v1/complaints/${complaint}`)).json()).data.complaintAttachments[0]!;
    const common = {
      owner,
      organization: organizationId,
      user: ACCOUNT_ID[owner],
      contract: contract.id,
      complaint,
      claim: claimRecords.find((r) => r.contract.id === contract.id && r.status === 'issued')!.id,
      mail,
      file: { id: image.fileId, url: image.file.replace(/^https?:\/\/[^/]+/, '') },
    };
    const savedView = async (name: string) =>
      savedViewResponseSchema.parse(
        (
          await call(owner, {
            method: 'POST',
            url: '/api/v1/saved-views',
            payload: {
              name: `${name} ${registered.at(-1)!.refNo}`,
              path: '/manage-complaint/history-complaint',
              search: `?organizationId=${organizationId}`,
            },
          })
        ).json(),
      ).data.id;
    const session = async () => {
      if (!registeredRoutes.has('GET /api/v1/me/sessions')) return null;
      const headers = await t.signIn(owner);
      const mine = z
        .object({ data: z.object({ items: z.array(z.object({ id: z.string(), current: z.boolean() })) }) })
        .parse((await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers })).json());
      return { id: mine.data.items.find((item) => item.current)!.id, headers };
    };
    RECORDS[owner] = {
      own: {
        ...common,
        fresh: fresh[0]!,
        notification: { read: bell[1]!.id, remove: bell[2]!.id },
        savedView: await savedView('Own'),
        session: await session(),
      },
      aimedAt: {
        ...common,
        fresh: fresh[1]!,
        notification: { read: bell[0]!.id, remove: bell[0]!.id },
        savedView: await savedView('Aimed at'),
        session: await session(),
      },
    };
  }
  for (const who of CONTRACTORS) FORBIDDEN[who] = forbiddenFor(who);
});

describe('a contractor and another organisation’s records', () => {
  const cells = Object.keys(SCOPE).flatMap((route) =>
    CONTRACTORS.flatMap((who) => (['own', 'other'] as const).map((whose) => ({ route, who, whose }))),
  );

  it.for(cells)('$route as $who on its $whose organisation’s record', async ({ route, who, whose }, { skip }) => {
    if (!registeredRoutes.has(route)) skip('not a route of this back end (the mocks serve no stored files)');
    const row = SCOPE[route]!;
    const target = whose === 'own' ? RECORDS[who].own : RECORDS[OTHER[who]].aimedAt;
    const before = await row.witness?.(target)();
    const res = await call(who, row.request(target, RECORDS[who].own));
    if (whose === 'own') expect(res.statusCode, res.body).toBe(row.own);
    else expect([403, 404], res.body).toContain(res.statusCode);
    if (res.statusCode !== 204) expectNothingOfOthers(who, res);
    if (whose === 'other' && row.witness) expect(await row.witness(target)()).toEqual(before);
  });

  it('has a row for every route that names a record, or names it shared', () => {
    const named = [...registeredRoutes].filter((route) => route.includes('/:'));
    expect(named.filter((route) => !(route in SCOPE) && !SHARED.has(route))).toEqual([]);
  });
});

describe('what a contractor reads', () => {
  const readable = () => [...registeredRoutes].filter((route) => route.startsWith('GET ') && !route.includes('/:')).flatMap(scanUrls);

  it.each(CONTRACTORS)('names nothing of another organisation to %s', async (who) => {
    const urls = readable();
    const served = [...CONTRACTOR_READS].filter((url) => registeredRoutes.has(`GET ${url.split('?')[0]}`));
    expect(urls.filter((url) => CONTRACTOR_READS.has(url)).sort()).toEqual(served.sort());
    for (const url of aimedAtTheOther(who)) expectNothingOfOthers(who, await get(who, url));
    for (const url of urls) {
      const res = await get(who, url);
      expect(res.statusCode, url).toBe(CONTRACTOR_READS.has(url) ? 200 : 403);
      const items = (res.json() as { data?: { items?: unknown[] } } | null)?.data?.items;
      if (res.statusCode === 200 && items) expect(items.length, url).toBeGreaterThan(0);
      if (res.statusCode === 200 && url.includes('.csv')) expect(res.body.trim().split('\n').length, url).toBeGreaterThan(1);
      expectNothingOfOthers(who, res);
    }
  });

  // The scan is only as good as what it would catch: the same calls made by an administrator name all of it.
  it.each(CONTRACTORS)('would catch any of it: an administrator’s answers name all that %s must not see', async (who) => {
    const found = new Set<string>();
    for (const url of readable()) {
      const res = await get('admin', url);
      expect(res.statusCode, url).toBe(200);
      for (const leak of leaksIn(res.body, FORBIDDEN[who])) found.add(leak);
    }
    const { texts } = FORBIDDEN[who];
    expect([...texts].map(([text, kind]) => `${kind} ${text}`).filter((leak) => !found.has(leak))).toEqual([]);
    for (const kind of ['organisation id', 'complaint id', 'claim record id'])
      expect(
        [...found].some((leak) => leak.startsWith(kind)),
        kind,
      ).toBe(true);
  });
});
