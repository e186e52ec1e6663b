import { apiPaths, meResponseSchema, problemTypes, uploadFileResponseSchema } from '@contract';
import { DEMO_PASSWORD, demoAccounts } from '@fixtures';
import { call, PNG_BYTES, readAs, readProblem, signIn, uploadFile } from '../api-test-client';

// src/test/setup.ts starts the MSW node server for every test file and resets the mock db
// after each test.

const NEW_PASSWORD = 'Quiet#Orchard-4581';

const patchMe = (token: string, body: unknown) =>
  call(apiPaths.me, { method: 'PATCH', token, body });
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  call(apiPaths.mePassword, { method: 'POST', token, body: { currentPassword, newPassword } });

async function uploadAvatar(token: string) {
  return (await readAs(uploadFileResponseSchema, await uploadFile(token, PNG_BYTES))).data;
}

describe('the signed-in user', () => {
  it('answers the caller without secrets, and 401 without a session', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const me = await readAs(meResponseSchema, await call(apiPaths.me, { token }));
    const { password: _password, userTypeKey: _key, ...officer } = demoAccounts.officer;
    expect(me.data).toEqual(officer);

    await readProblem(await call(apiPaths.me), 401);
    await readProblem(await call(apiPaths.me, { method: 'PATCH', body: { fullName: 'X' } }), 401);
    await readProblem(await call(apiPaths.mePassword, { method: 'POST', body: {} }), 401);
  });

  it('changes name and phone, and keeps the change', async () => {
    const token = await signIn(demoAccounts.contractor.email);
    const changed = await readAs(
      meResponseSchema,
      await patchMe(token, { fullName: '  Rajesh Muthusamy  ', phone: '+60 12-000 1111' }),
    );
    expect(changed.data).toMatchObject({ fullName: 'Rajesh Muthusamy', phone: '+60 12-000 1111' });
    const cleared = await readAs(meResponseSchema, await patchMe(token, { phone: null }));
    expect(cleared.data).toMatchObject({ fullName: 'Rajesh Muthusamy', phone: null });
    const again = await readAs(meResponseSchema, await call(apiPaths.me, { token }));
    expect(again.data).toEqual(cleared.data);
  });

  it('explains bad input field by field and refuses fields it does not change', async () => {
    const token = await signIn(demoAccounts.officer.email);
    const bad = await readProblem(
      await patchMe(token, { fullName: '', phone: 'call me', imageFileId: 'not-a-uuid' }),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['fullName', 'imageFileId', 'phone']);
    await readProblem(
      await patchMe(token, { email: 'new@example.com' }),
      400,
      problemTypes.validation,
    );
    const me = await readAs(meResponseSchema, await call(apiPaths.me, { token }));
    expect(me.data.fullName).toBe(demoAccounts.officer.fullName);
  });

  it('takes as avatar only an image the caller uploaded, and removes it with null', async () => {
    const verifier = await signIn(demoAccounts.verifier.email);
    const officer = await signIn(demoAccounts.officer.email);
    const own = await uploadAvatar(verifier);
    const othersFile = await uploadAvatar(officer);

    for (const imageFileId of [othersFile.id, crypto.randomUUID()]) {
      const refused = await readProblem(
        await patchMe(verifier, { imageFileId }),
        400,
        problemTypes.validation,
      );
      expect(Object.keys(refused.errors ?? {})).toEqual(['imageFileId']);
    }

    const withAvatar = await readAs(
      meResponseSchema,
      await patchMe(verifier, { imageFileId: own.id }),
    );
    expect(withAvatar.data.image).toBe(own.url);
    const signedInAgain = await readAs(
      meResponseSchema,
      await call(apiPaths.me, { token: verifier }),
    );
    expect(signedInAgain.data.image).toBe(own.url);

    const without = await readAs(meResponseSchema, await patchMe(verifier, { imageFileId: null }));
    expect(without.data.image).toBeNull();
  });
});

describe('changing the password', () => {
  const { email } = demoAccounts.verifier;

  it('asks for the right current password', async () => {
    const token = await signIn(email);
    const wrong = await readProblem(
      await changePassword(token, 'not my password', NEW_PASSWORD),
      400,
      problemTypes.wrongCurrentPassword,
    );
    expect(Object.keys(wrong.errors ?? {})).toEqual(['currentPassword']);
    await signIn(email);
  });

  it('holds the new password to the password rules', async () => {
    const token = await signIn(email);
    for (const weak of ['short', 'Password1234!', 'aaaaaaaaaaaaaaaa']) {
      const problem = await readProblem(
        await changePassword(token, DEMO_PASSWORD, weak),
        400,
        problemTypes.validation,
      );
      expect(Object.keys(problem.errors ?? {})).toEqual(['newPassword']);
    }
    await signIn(email);
  });

  it('sets the new password and ends every other session, keeping this one', async () => {
    const other = await signIn(email);
    const current = await signIn(email);
    expect((await changePassword(current, DEMO_PASSWORD, NEW_PASSWORD)).status).toBe(204);

    await readAs(meResponseSchema, await call(apiPaths.me, { token: current }));
    await readProblem(await call(apiPaths.me, { token: other }), 401);
    await readProblem(
      await call(apiPaths.signIn, { method: 'POST', body: { email, password: DEMO_PASSWORD } }),
      401,
      problemTypes.invalidCredentials,
    );
    const fresh = await signIn(email, NEW_PASSWORD);
    await readAs(meResponseSchema, await call(apiPaths.me, { token: fresh }));
  });
});
