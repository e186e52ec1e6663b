import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { signInResponseSchema, userSchema } from '../contract/auth';
import { connectInjector } from './support/inject';

const t = connectInjector();

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password } });

describe('POST /api/v1/auth/sign-in', () => {
  it('answers a token and the user in the contract shape', async () => {
    const res = await signIn(demoAccounts.officer.email.toUpperCase(), DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = signInResponseSchema.parse(res.json());
    expect(body.data.user).toMatchObject({ email: demoAccounts.officer.email, userType: { name: 'Officer' } });
    expect(userSchema.parse(body.data.user).userProfile.typeId).toBe(demoAccounts.officer.userProfile.typeId);
    expect(new Date(body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password and an unknown e-mail alike, as problem details', async () => {
    for (const res of [await signIn(demoAccounts.officer.email, 'wrong-password'), await signIn('nobody@example.com', DEMO_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 401, title: 'Invalid e-mail or password' });
    }
  });

  it('refuses pending and disabled accounts with the reason', async () => {
    expect((await signIn(demoAccounts.pending.email, DEMO_PASSWORD)).json()).toMatchObject({ status: 403, title: 'Account not activated' });
    expect((await signIn(demoAccounts.disabled.email, DEMO_PASSWORD)).json()).toMatchObject({ status: 403, title: 'Account disabled' });
  });

  it('answers bad input with 400 and the fields at fault', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['email', 'password']));
  });
});

describe('sessions', () => {
  it('needs a bearer token on signed-in calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/menu/privileges' });
    expect(res.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/v1/menu/privileges',
      headers: { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('checks the session before the input, so anonymous callers learn nothing of the rules', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications?isRead=3&limit=5000' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token once signed out, even with the JSON content type and no body', async () => {
    const headers = await t.signIn('verifier');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/menu/privileges', headers })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/menu/privileges', headers })).statusCode).toBe(401);
  });
});
