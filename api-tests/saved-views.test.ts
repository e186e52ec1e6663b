import { describe, expect, it } from 'vitest';
import { savedViewListResponseSchema, savedViewResponseSchema, type SavedView } from '../contract/saved-views';
import { menuItems } from '../contract/menu-items';
import { userTypeByKey } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';
import type { Role } from './support/client';

// Issue 32: saved views. Anyone keeps views of the lists they may see; who may change the matrix
// shares them with a user type. A view is only a URL: it shows what its reader may see.

const api = connectApi();
const HISTORY = menuItems.historyComplaint.url;
const CLAIMS = menuItems.claimRecord.url;

const save = (as: Role, body: unknown) => api.call('POST', 'api/v1/saved-views', { as, body });
const saved = async (as: Role, body: unknown) => {
  const res = await save(as, body);
  expect(res.status).toBe(201);
  return readAs(savedViewResponseSchema, res).data;
};
const listOf = async (as: Role, query = '') =>
  readAs(savedViewListResponseSchema, await api.call('GET', `api/v1/saved-views${query}`, { as })).data.items;
const names = (views: readonly SavedView[]) => views.map((v) => v.name);

describe('saved views', () => {
  it('keeps a view of a list for its owner alone, by list, until they delete it', async () => {
    const view = await saved('officer', { name: 'Fined this year', path: HISTORY, search: '?status=3&from=2026-01-01' });
    expect(view).toMatchObject({
      name: 'Fined this year',
      path: HISTORY,
      search: '?status=3&from=2026-01-01',
      userType: null,
      deletable: true,
    });
    await saved('officer', { name: '  Drafts  ', path: CLAIMS, search: '?status=draft' });
    expect(names(await listOf('officer', `?path=${encodeURIComponent(HISTORY)}`))).toEqual(['Fined this year']);
    expect(names(await listOf('officer'))).toEqual(expect.arrayContaining(['Fined this year', 'Drafts']));
    // Nobody else sees it, or can delete it.
    expect(names(await listOf('verifier'))).not.toContain('Fined this year');
    expectProblem(await api.call('DELETE', `api/v1/saved-views/${view.id}`, { as: 'verifier' }), 404);
    expect((await api.call('DELETE', `api/v1/saved-views/${view.id}`, { as: 'officer' })).status).toBe(204);
    expect(names(await listOf('officer'))).not.toContain('Fined this year');
    expectProblem(await api.call('DELETE', `api/v1/saved-views/${view.id}`, { as: 'officer' }), 404);
  });

  it('takes a name once per list and audience, whatever its case, and says so beside the name', async () => {
    await saved('officer', { name: 'Overdue', path: HISTORY, search: '?overdue=true' });
    const again = expectProblem(await save('officer', { name: 'OVERDUE', path: HISTORY, search: '' }), 409);
    expect(Object.keys(again.errors ?? {})).toEqual(['name']);
    // Another list may have its own.
    await saved('officer', { name: 'Overdue', path: CLAIMS, search: '' });
  });

  it('is shared with a user type by who may change the matrix: its users see it, only sharers delete it', async () => {
    const officers = userTypeByKey.officer;
    expectProblem(await save('officer', { name: 'For everyone', path: HISTORY, search: '', userTypeId: officers.id }), 403);
    const shared = await saved('admin', { name: 'Team: this month', path: HISTORY, search: '?from=2026-11-01', userTypeId: officers.id });
    expect(shared.userType).toEqual(officers);
    const seen = (await listOf('officer')).find((v) => v.id === shared.id);
    expect(seen).toMatchObject({ name: 'Team: this month', deletable: false, userType: officers });
    expect(names(await listOf('verifier'))).not.toContain('Team: this month');
    expectProblem(await api.call('DELETE', `api/v1/saved-views/${shared.id}`, { as: 'officer' }), 403);
    expect((await api.call('DELETE', `api/v1/saved-views/${shared.id}`, { as: 'admin' })).status).toBe(204);
    expect(names(await listOf('officer'))).not.toContain('Team: this month');
  });

  it('is kept only on a list its owner may see', async () => {
    expectProblem(await save('contractor', { name: 'Users', path: menuItems.user.url, search: '' }), 403);
    expect(names(await listOf('contractor'))).not.toContain('Users');
  });

  it('refuses bad input with 400 (or 404 for an unknown user type) and keeps nothing', async () => {
    const before = (await listOf('admin')).length;
    for (const body of [
      { name: '', path: HISTORY, search: '' },
      { name: 'x'.repeat(61), path: HISTORY, search: '' },
      { name: 'Nowhere', path: '/dashboard', search: '' },
      { name: 'Odd', path: HISTORY, search: 'status=3' },
      { name: 'Odd', path: HISTORY, search: '?a=1#top' },
      { name: 'Odd', path: HISTORY, search: '', extra: true },
    ]) {
      expectProblem(await save('admin', body), 400);
    }
    expectProblem(await save('admin', { name: 'Ghosts', path: HISTORY, search: '', userTypeId: 999_999 }), 404);
    expectProblem(await api.call('POST', 'api/v1/saved-views', { body: { name: 'Anon', path: HISTORY, search: '' } }), 401);
    expect((await listOf('admin')).length).toBe(before);
  });
});
