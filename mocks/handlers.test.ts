import {
  apiPaths,
  menuPrivilegesResponseSchema,
  problemTypes,
  signInResponseSchema,
  typeOfOffenceListResponseSchema,
} from '@contract';
import { DEMO_PASSWORD, demoAccounts, menuItems, typeOfOffences } from '@fixtures';
import { call, readAs, readProblem, signIn } from './api-test-client';

// src/test/setup.ts starts the MSW node server for every test file and resets the mock db
// after each test.

describe('sign-in and sign-out', () => {
  it('signs an active user in and returns the user without secrets', async () => {
    const response = await call(apiPaths.signIn, {
      method: 'POST',
      body: { email: 'Officer@Example.com', password: DEMO_PASSWORD },
    });
    const { data } = await readAs(signInResponseSchema, response);
    const { password: _password, userTypeKey: _key, ...user } = demoAccounts.officer;
    expect(data.user).toEqual(user);
    expect(data.token).toMatch(/^mock\.2\./);
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password or an unknown e-mail alike', async () => {
    for (const body of [
      { email: 'officer@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: DEMO_PASSWORD },
    ]) {
      const response = await call(apiPaths.signIn, { method: 'POST', body });
      const problem = await readProblem(response, 401, problemTypes.invalidCredentials);
      expect(problem.title).toBe('Invalid e-mail or password');
    }
  });

  it('explains an invalid body field by field', async () => {
    const response = await call(apiPaths.signIn, {
      method: 'POST',
      body: { email: 'not-an-email', password: '' },
    });
    const problem = await readProblem(response, 400, problemTypes.validation);
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('refuses pending and disabled accounts with the right password', async () => {
    const pending = await call(apiPaths.signIn, {
      method: 'POST',
      body: { email: demoAccounts.pending.email, password: DEMO_PASSWORD },
    });
    const pendingProblem = await readProblem(pending, 403, problemTypes.accountPending);
    expect(pendingProblem.title).toBe('Account not activated');
    const disabled = await call(apiPaths.signIn, {
      method: 'POST',
      body: { email: demoAccounts.disabled.email, password: DEMO_PASSWORD },
    });
    const disabledProblem = await readProblem(disabled, 403, problemTypes.accountDisabled);
    expect(disabledProblem.title).toBe('Account disabled');
  });

  it('throttles an account after 5 failed sign-ins, refusing even the right password', async () => {
    const signInAs = (password: string) =>
      call(apiPaths.signIn, {
        method: 'POST',
        body: { email: demoAccounts.officer.email, password },
      });
    for (let failure = 1; failure <= 5; failure += 1) {
      await readProblem(await signInAs('wrong password'), 401, problemTypes.invalidCredentials);
    }
    const throttled = await signInAs(DEMO_PASSWORD);
    const problem = await readProblem(throttled, 429, problemTypes.throttled);
    expect(problem.title).toBe('Too many attempts');
    expect(problem.retryAfter).toBeGreaterThan(0);
    expect(throttled.headers.get('Retry-After')).toBe(String(problem.retryAfter));
    expect(problem.detail).toMatch(/^Try again in \d+ minutes?\.$/);

    // Other accounts are counted apart.
    await signIn(demoAccounts.verifier.email);
  });

  it('counts unknown e-mails as failures, and successes not at all', async () => {
    for (let round = 0; round < 6; round += 1) await signIn(demoAccounts.officer.email);
    const signInAs = (email: string) =>
      call(apiPaths.signIn, { method: 'POST', body: { email, password: DEMO_PASSWORD } });
    for (let failure = 1; failure <= 5; failure += 1) {
      await readProblem(await signInAs('Nobody@Example.com'), 401, problemTypes.invalidCredentials);
    }
    await readProblem(await signInAs('nobody@example.com'), 429, problemTypes.throttled);
  });

  it('answers 401 to every signed-in call without a token', async () => {
    for (const path of [
      apiPaths.menuPrivileges,
      apiPaths.notifications,
      apiPaths.notification(1),
      apiPaths.complaints,
      apiPaths.complaint(1),
      apiPaths.typeOfOffences,
    ]) {
      await readProblem(await call(path), 401);
    }
    await readProblem(await call(apiPaths.signOut, { method: 'POST' }), 401);
    await readProblem(await call(apiPaths.complaints, { token: 'made-up' }), 401);
  });

  it('refuses a signed-out token but keeps the same user’s other sessions', async () => {
    const first = await signIn(demoAccounts.officer.email);
    const second = await signIn(demoAccounts.officer.email);
    expect((await call(apiPaths.signOut, { method: 'POST', token: first })).status).toBe(204);
    await readProblem(await call(apiPaths.menuPrivileges, { token: first }), 401);
    await readAs(
      menuPrivilegesResponseSchema,
      await call(apiPaths.menuPrivileges, { token: second }),
    );
  });
});

describe('menu privileges', () => {
  it('gives each user type its own groups', async () => {
    const officer = await signIn(demoAccounts.officer.email);
    const officerMenu = await readAs(
      menuPrivilegesResponseSchema,
      await call(apiPaths.menuPrivileges, { token: officer }),
    );
    expect(officerMenu.data.items.map((group) => group.name)).toEqual([
      'Manage Complaint',
      'Invoicing',
    ]);

    const contractor = await signIn(demoAccounts.contractor.email);
    const contractorMenu = await readAs(
      menuPrivilegesResponseSchema,
      await call(apiPaths.menuPrivileges, { token: contractor }),
    );
    // Each item carries what the matrix lets the caller do there.
    expect(contractorMenu.data.items.flatMap((group) => group.menuItems)).toEqual([
      { ...menuItems.justifyComplaint, actions: ['view', 'justify'] },
      { ...menuItems.historyComplaint, actions: ['view'] },
    ]);
  });
});

describe('types of offence', () => {
  it('lists every type, inactive ones included', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const list = await readAs(
      typeOfOffenceListResponseSchema,
      await call(`${apiPaths.typeOfOffences}?limit=1000`, { token }),
    );
    expect(list.data.items).toEqual(typeOfOffences);
  });
});
