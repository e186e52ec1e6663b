import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../fixtures';
import { meResponseSchema } from '../contract/auth';
import { expectProblem } from '../server/test/expect-problem';
import { connectInjector } from './support/inject';

const t = connectInjector();

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
const patch = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers, payload: payload as object });
const changePassword = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/me/password', headers, payload: payload as object });
const signInWith = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password } });

describe('GET and PATCH /api/v1/me', () => {
  it('answers the signed-in user, with an address to show the avatar', async () => {
    const res = await me(await t.signIn('officer'));
    expect(res.statusCode).toBe(200);
    const { data } = meResponseSchema.parse(res.json());
    expect(data).toMatchObject({ email: demoAccounts.officer.email, fullName: demoAccounts.officer.fullName });
    expect(data.image).toEqual(expect.any(String));
  });

  it('changes name and phone, and only those', async () => {
    const headers = await t.signIn('verifier');
    const res = await patch(headers, { fullName: '  Nur Aisyah  ', phone: '+60 12-000 0000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fullName: 'Nur Aisyah', phone: '+60 12-000 0000', email: demoAccounts.verifier.email });
    expect((await me(headers)).json().data.fullName).toBe('Nur Aisyah');
    // An empty phone is kept as sent, an empty text; only null clears it.
    expect((await patch(headers, { phone: '  ' })).json().data.phone).toBe('');
  });

  it('refuses bad input, naming the fields, and changes nothing', async () => {
    const headers = await t.signIn('contractor');
    const before = (await me(headers)).json().data;
    const problem = expectProblem(await patch(headers, { fullName: '', phone: '<script>' }), 400);
    expect(Object.keys(problem.errors ?? {})).toEqual(expect.arrayContaining(['fullName', 'phone']));
    expectProblem(await patch(headers, { email: 'takeover@example.com' }), 400);
    expect((await me(headers)).json().data).toEqual(before);
  });
});

describe('POST /api/v1/me/password', () => {
  it('needs the current password and a new one of 12 to 128 characters', async () => {
    const headers = await t.signIn('admin');
    const wrong = expectProblem(await changePassword(headers, { currentPassword: 'not it', newPassword: 'a brand new passphrase' }), 400);
    expect(wrong.errors).toHaveProperty('currentPassword');
    const short = expectProblem(await changePassword(headers, { currentPassword: DEMO_PASSWORD, newPassword: 'short' }), 400);
    expect(short.errors).toHaveProperty('newPassword');
    expect((await signInWith(demoAccounts.admin.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('changes it, keeps this session, and ends every other one', async () => {
    const here = await t.signIn('officer');
    const elsewhere = await t.signIn('officer');
    const res = await changePassword(here, { currentPassword: DEMO_PASSWORD, newPassword: 'correct horse battery staple' });
    expect(res.statusCode).toBe(204);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await signInWith(demoAccounts.officer.email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(demoAccounts.officer.email, 'correct horse battery staple')).statusCode).toBe(200);
  });
});
