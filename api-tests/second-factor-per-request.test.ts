import { beforeEach, describe, expect, it } from 'vitest';
import { problemTypes } from '../contract/account-rules';
import { privilegeMatrixResponseSchema, type PrivilegeMatrix } from '../contract/privileges';
import { ACCOUNT_ID, MENU_ITEM_IDS, userTypeByKey } from '../fixtures';
import { connectApi, expectProblem, readAs } from './support/api';
import { codeAt, twoFactorOf } from './support/two-factor';
import type { ApiResponse } from './support/client';

/**
 * Issue 45: the second factor is asked per request, not only at sign-in. A session that signed
 * in with the password alone holds no right of a user type that requires a second factor, even
 * when its type gains that right (or its user is moved to such a type) while it is live.
 */
const api = connectApi();
beforeEach(() => api.reset());

const VERIFIER = userTypeByKey.verifier.id;
const ADMINISTRATOR = userTypeByKey.administrator.id;
const MATRIX = String(MENU_ITEM_IDS['manage-user/matrix-privilage']);

const matrix = async () => readAs(privilegeMatrixResponseSchema, await api.call('GET', 'api/v1/privileges/matrix', { as: 'admin' })).data;
const rowsOf = (m: PrivilegeMatrix, type: number) => m.grants[String(type)] ?? {};

/** The administrator gives the verifiers the matrix (view and update), or takes it away again. */
async function setVerifierMatrix(actions: string[]) {
  const before = await matrix();
  const grants: Record<string, string[]> = { ...rowsOf(before, VERIFIER), [MATRIX]: actions };
  const res = await api.call('PUT', `api/v1/privileges/matrix/${VERIFIER}`, { as: 'admin', body: { version: before.version, grants } });
  expect(res.status, res.text).toBe(200);
}

function expectFactorAsked(res: ApiResponse) {
  const problem = expectProblem(res, 403, problemTypes.secondFactorRequired);
  expect(problem.code).toBe('secondFactorRequired');
}

const readMatrix = (token: string) => api.call('GET', 'api/v1/privileges/matrix', { as: { token } });
const readHistory = (token: string) => api.call('GET', 'api/v1/complaints?history=true&limit=1', { as: { token } });

const { enrolInSession: enrolIn } = twoFactorOf(api);

describe('a password-only session whose rights grow', () => {
  it('is asked for a second factor, not handed the matrix, when its user type is given the matrix', async () => {
    const verifier = await api.signIn('verifier');
    expect((await readHistory(verifier)).status).toBe(200);
    expectProblem(await readMatrix(verifier), 403);

    await setVerifierMatrix(['view', 'update']);
    // The live session reads and changes nothing of the matrix, and holds none of its type's rights until it answers a code.
    expectFactorAsked(await readMatrix(verifier));
    const current = await matrix();
    expectFactorAsked(
      await api.call('PUT', `api/v1/privileges/matrix/${VERIFIER}`, {
        as: { token: verifier },
        body: { version: current.version, grants: { ...rowsOf(current, VERIFIER), [MATRIX]: ['view', 'update'] } },
      }),
    );
    expectFactorAsked(await readHistory(verifier));
    // It is not thrown out: its own account still answers.
    expect((await api.call('GET', 'api/v1/me', { as: { token: verifier } })).status).toBe(200);

    // It has no factor yet: it enrols in place, which answers the factor for this session.
    await enrolIn(verifier);
    expect((await readMatrix(verifier)).status).toBe(200);
    expect((await readHistory(verifier)).status).toBe(200);
  });

  it('answers a code (or a recovery code) when it has a factor, and only then holds the new rights', async () => {
    const [first, second, third] = [await api.signIn('verifier'), await api.signIn('verifier'), await api.signIn('verifier')];
    // The factor is turned on in the first session; the others signed in before, with the password alone.
    const { secret, recoveryCodes } = await enrolIn(first);
    await setVerifierMatrix(['view', 'update']);

    expect((await readMatrix(first)).status).toBe(200);
    expectFactorAsked(await readMatrix(second));
    const verify = (body: unknown) => api.call('POST', 'api/v1/me/two-factor/verify', { as: { token: second }, body });
    expectProblem(await verify({ code: codeAt(secret, 10) }), 400, problemTypes.codeInvalid);
    expectProblem(await verify({ recoveryCode: 'aaaaa-bbbbb' }), 400, problemTypes.codeInvalid);
    expectFactorAsked(await readMatrix(second));
    expect((await verify({ recoveryCode: recoveryCodes[0]! })).status).toBe(204);
    expect((await readMatrix(second)).status).toBe(200);
    // The recovery code was spent: another session cannot answer with it again.
    expectFactorAsked(await readMatrix(third));
    expectProblem(
      await api.call('POST', 'api/v1/me/two-factor/verify', { as: { token: third }, body: { recoveryCode: recoveryCodes[0]! } }),
      400,
      problemTypes.codeInvalid,
    );
  });

  it('is asked for a second factor when its user is moved to the administrators, and reads no users before', async () => {
    const verifier = await api.signIn('verifier');
    expectProblem(await api.call('GET', 'api/v1/users', { as: { token: verifier } }), 403);
    const moved = await api.call('PATCH', `api/v1/users/${ACCOUNT_ID.verifier}`, { as: 'admin', body: { userTypeId: ADMINISTRATOR } });
    expect(moved.status, moved.text).toBe(200);

    expectFactorAsked(await api.call('GET', 'api/v1/users', { as: { token: verifier } }));
    expectFactorAsked(await api.call('GET', 'api/v1/audit-events', { as: { token: verifier } }));
    expectFactorAsked(await readMatrix(verifier));
    expectFactorAsked(await api.call('GET', 'api/v1/mail?all=true', { as: { token: verifier } }));

    await enrolIn(verifier);
    expect((await api.call('GET', 'api/v1/users', { as: { token: verifier } })).status).toBe(200);
  });

  it('goes back to its own rights when the grant is taken away again, without a factor', async () => {
    const verifier = await api.signIn('verifier');
    await setVerifierMatrix(['view', 'update']);
    expectFactorAsked(await readHistory(verifier));
    await setVerifierMatrix([]);
    const refused = expectProblem(await readMatrix(verifier), 403);
    expect(refused.code).toBe('forbidden');
    expect((await readHistory(verifier)).status).toBe(200);
  });

  it('asks a session with no factor on to enrol, not to verify', async () => {
    const officer = await api.signIn('officer');
    expectProblem(await api.call('POST', 'api/v1/me/two-factor/verify', { as: { token: officer }, body: { code: '123456' } }), 409);
  });
});
