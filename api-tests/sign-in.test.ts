import { problemTypes, signInResponseSchema } from '../contract';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { expectProblem, readAs, connectApi } from './support/api';

const api = connectApi();

describe('sign-in and sign-out', () => {
  it('signs an active user in, whatever the case of the e-mail, and answers the user without secrets', async () => {
    const res = await api.call('POST', 'api/v1/auth/sign-in', { body: { email: 'Officer@Example.com', password: DEMO_PASSWORD } });
    const { data } = readAs(signInResponseSchema, res);
    expect(data.user).toMatchObject({ email: demoAccounts.officer.email, fullName: demoAccounts.officer.fullName, status: 'active' });
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    for (const body of [
      { email: 'officer@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: DEMO_PASSWORD },
    ]) {
      const problem = expectProblem(await api.call('POST', 'api/v1/auth/sign-in', { body }), 401, problemTypes.invalidCredentials);
      expect(problem.title).toBe('Invalid e-mail or password');
    }
  });

  it('refuses the token once signed out', async () => {
    const token = await api.signIn('officer');
    expect((await api.call('GET', 'api/v1/me', { as: { token } })).status).toBe(200);
    expect((await api.call('POST', 'api/v1/auth/sign-out', { as: { token } })).status).toBe(204);
    expectProblem(await api.call('GET', 'api/v1/me', { as: { token } }), 401);
  });
});
