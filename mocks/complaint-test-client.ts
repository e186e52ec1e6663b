import {
  apiPaths,
  complaintResponseSchema,
  notificationListResponseSchema,
  uploadFileResponseSchema,
  type ComplaintInput,
  type MenuItem,
} from '@contract';
import {
  ACCOUNT_ID,
  accounts,
  complaints as fixtureComplaints,
  contractOf,
  menuItemKey,
  ORGANIZATION_ID,
  type PrivilegeActions,
  type UserTypeKey,
} from '@fixtures';
import { call, PNG_BYTES, readAs, signIn, uploadFile } from './api-test-client';
import { mockDb, updateMockDb } from './db';

// What the complaint handler tests share: a signed-in caller per role, calls as the SPA makes
// them, and looks at the mock state that a caller could not see.

export type Who = 'admin' | 'officer' | 'verifier' | 'contractor' | 'kitarHijau';
const everyone: readonly Who[] = ['admin', 'officer', 'verifier', 'contractor', 'kitarHijau'];

let tokens: Partial<Record<Who, string>> = {};

/** For `beforeEach`: a fresh session for every role the tests call as. */
export async function signInEveryone(): Promise<void> {
  const emailOf = (who: Who) => accounts.find((account) => account.id === ACCOUNT_ID[who])!.email;
  tokens = Object.fromEntries(
    await Promise.all(everyone.map(async (who) => [who, await signIn(emailOf(who))] as const)),
  );
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A call as `who`, or signed out with `null`. */
export const request = (who: Who | null, method: Method, path: string, body?: unknown) =>
  call(path, { method, body, ...(who ? { token: tokens[who] } : {}) });

export const detail = async (response: Response) =>
  (await readAs(complaintResponseSchema, response)).data;

export function newComplaint(overrides: Partial<ComplaintInput> = {}): ComplaintInput {
  return {
    typeOfOffenceId: 2,
    dateOfMisconduct: new Date(Date.now() - 3_600_000).toISOString(),
    description: 'Construction debris dumped beside the Jalan Ipoh drain.',
    organizationId: ORGANIZATION_ID.alamBersih,
    contractId: contractOf(ORGANIZATION_ID.alamBersih).id,
    offender: 'Lorry WXY 1234',
    location: 'Jalan Ipoh, Sentul',
    qty: 3,
    ...overrides,
  };
}

/** A fresh complaint in status 1, registered by the officer. */
export async function submitted(organizationId: number = ORGANIZATION_ID.alamBersih) {
  const body = newComplaint({ organizationId, contractId: contractOf(organizationId).id });
  const response = await request('officer', 'POST', apiPaths.complaints, body);
  expect(response.status).toBe(201);
  return (await detail(response)).id;
}

/** A fixture complaint of Alam Bersih (the demo contractor's) in this status. */
export const fixtureIn = (status: number) =>
  fixtureComplaints.find(
    (c) => c.status === status && c.organizationId === ORGANIZATION_ID.alamBersih,
  )!.id;

let uploads = 0;
/** An image uploaded by `who`; each one's bytes differ, so no two share an address. */
export async function upload(who: Who) {
  uploads += 1;
  const bytes = Uint8Array.of(...PNG_BYTES, uploads & 0xff, uploads >> 8);
  return (await readAs(uploadFileResponseSchema, await uploadFile(tokens[who]!, bytes))).data;
}

/** What `who` finds in the bell about this complaint, newest first. */
export async function bell(who: Who, complaintId: number | null) {
  const response = await request(who, 'GET', `${apiPaths.notifications}?limit=1000`);
  const { items } = (await readAs(notificationListResponseSchema, response)).data;
  return items.filter((n) => n.complaintId === complaintId);
}

/** The whole mock state, to prove a refused call changed nothing. */
export const snapshot = () => structuredClone(mockDb());

/** Changes the mock's privilege matrix, as an administrator would on the matrix screen. */
export function grant(userType: UserTypeKey, item: MenuItem, actions: PrivilegeActions) {
  updateMockDb((db) => {
    const menu = db.menusByUserType[userType];
    if (!menu.some((group) => group.menuItems.some((i) => i.url === item.url))) {
      menu[0]!.menuItems.push(item);
    }
    const key = menuItemKey(item);
    db.actionsByUserType[userType][key] = { ...db.actionsByUserType[userType][key], ...actions };
  });
}
