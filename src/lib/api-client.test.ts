import i18next from 'i18next';
import { HTTPError } from 'ky';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { problems } from '@domain/problems';
import { answerProblem } from '@mocks/http';
import { server } from '@mocks/node';
import { useRootStore } from '@/stores/root-store';
import '@/test/render';
import { api, onSecondFactorRequired } from './api-client';
import { failureKindOf } from './api-error';
import { commonFailureMessage, readFailure } from './api-failure';

const URL_OF = (path: string) => `http://localhost:3000/${path}`;

/**
 * The server of issue 45 for one path: refused (403 `secondFactorRequired`) until the session
 * answered, then `answer`. Each request's body and content type are kept as the server read them.
 */
function guarded(
  method: 'get' | 'post' | 'put',
  path: string,
  answer: (body: unknown) => Response = () => HttpResponse.json({ data: 'ok' }),
) {
  const state = { answered: false, bodies: [] as unknown[], types: [] as string[], refused: 0 };
  server.use(
    http[method](URL_OF(path), async ({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      const body =
        method === 'get' ? null : type.startsWith('multipart/') ? Object.fromEntries(await request.formData()) : await request.json();
      state.bodies.push(body);
      state.types.push(type.replace(/boundary=.*/, 'boundary=…'));
      if (!state.answered) {
        state.refused += 1;
        return answerProblem(problems.secondFactorRequired());
      }
      return answer(body);
    }),
  );
  return state;
}

/** The user's side: answers (or not) once `release` is called, counting the questions. */
function userWho(answers: boolean, onAsked: () => void = () => {}) {
  let release: () => void = () => {};
  const asker = vi.fn(
    () =>
      new Promise<boolean>((resolve) => {
        release = () => resolve(answers);
        onAsked();
      }),
  );
  onSecondFactorRequired(asker);
  return { asker, release: () => release() };
}

beforeEach(() => useRootStore.getState().setToken('a-session'));
afterEach(() => onSecondFactorRequired(() => Promise.resolve(false)));

describe('api: a call refused until the second factor is answered', () => {
  it('asks once for calls refused together, then sends each again and returns its answer', async () => {
    const a = guarded('get', 'api/v1/step-up/a', () => HttpResponse.json({ data: 'a' }));
    const b = guarded('get', 'api/v1/step-up/b', () => HttpResponse.json({ data: 'b' }));
    const user = userWho(true, () => {
      a.answered = true;
      b.answered = true;
    });
    const calls = Promise.all([api.get('api/v1/step-up/a').json(), api.get('api/v1/step-up/b').json()]);
    await vi.waitFor(() => expect(a.refused + b.refused).toBe(2));
    user.release();

    expect(await calls).toEqual([{ data: 'a' }, { data: 'b' }]);
    expect(user.asker).toHaveBeenCalledTimes(1);
  });

  it('sends a JSON body again as it was, with the token', async () => {
    const call = guarded('put', 'api/v1/step-up/json', (body) => HttpResponse.json({ data: body }));
    const tokens: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => tokens.push(request.headers.get('authorization')));
    const user = userWho(true, () => {
      call.answered = true;
      user.release();
    });
    const sent = { version: 3, grants: { complaint: ['view', 'update'] } };

    expect(await api.put('api/v1/step-up/json', { json: sent }).json()).toEqual({ data: sent });
    expect(call.bodies).toEqual([sent, sent]);
    expect(call.types).toEqual(['application/json', 'application/json']);
    expect(tokens).toEqual(['Bearer a-session', 'Bearer a-session']);
    server.events.removeAllListeners();
  });

  it('sends a form body again as it was, as multipart', async () => {
    const call = guarded('post', 'api/v1/step-up/form', () => new HttpResponse(null, { status: 204 }));
    const user = userWho(true, () => {
      call.answered = true;
      user.release();
    });
    const body = new FormData();
    body.append('note', 'Lampu jalan rosak');
    body.append('count', '2');

    const response = await api.post('api/v1/step-up/form', { body, headers: { 'content-type': undefined } });
    expect(response.status).toBe(204);
    expect(call.bodies).toEqual([
      { note: 'Lampu jalan rosak', count: '2' },
      { note: 'Lampu jalan rosak', count: '2' },
    ]);
    expect(call.types).toEqual(['multipart/form-data; boundary=…', 'multipart/form-data; boundary=…']);
  });

  it('leaves the 403 standing when the user gives up, marked as a second factor not answered', async () => {
    const call = guarded('get', 'api/v1/step-up/cancelled');
    const user = userWho(false, () => user.release());

    const error = await api.get('api/v1/step-up/cancelled').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(403);
    expect(failureKindOf(error)).toBe('secondFactor');
    const failure = await readFailure(error);
    expect(failure.kind).toBe('secondFactorRequired');
    expect(commonFailureMessage(failure, i18next.t, 'Could not save')).toBe(
      'This needs a code from your authenticator app. Try again, and enter it when asked.',
    );
    expect(call.refused).toBe(1);
  });

  it('does not ask twice when the call is refused again after the answer', async () => {
    const call = guarded('get', 'api/v1/step-up/again');
    const user = userWho(true, () => user.release());

    const error = await api.get('api/v1/step-up/again').catch((e: unknown) => e);
    expect((error as HTTPError).response.status).toBe(403);
    expect(failureKindOf(error)).toBe('secondFactor');
    expect(call.refused).toBe(2);
    expect(user.asker).toHaveBeenCalledTimes(1);
  });

  it('sends again without asking a call that was on its way while the user answered', async () => {
    const first = guarded('get', 'api/v1/step-up/first');
    let refuseLate: () => void = () => {};
    const lateRefusal = new Promise<void>((resolve) => (refuseLate = resolve));
    let lateAnswered = false;
    server.use(
      http.get(URL_OF('api/v1/step-up/late'), async () => {
        if (lateAnswered) return HttpResponse.json({ data: 'late' });
        await lateRefusal;
        lateAnswered = true;
        return answerProblem(problems.secondFactorRequired());
      }),
    );
    const user = userWho(true, () => {
      first.answered = true;
      user.release();
    });
    const late = api.get('api/v1/step-up/late').json();
    await api.get('api/v1/step-up/first').json();
    refuseLate();

    expect(await late).toEqual({ data: 'late' });
    expect(user.asker).toHaveBeenCalledTimes(1);
  });

  it('leaves any other 403 alone', async () => {
    server.use(http.get(URL_OF('api/v1/step-up/forbidden'), () => answerProblem(problems.forbidden())));
    const user = userWho(true);
    const error = await api.get('api/v1/step-up/forbidden').catch((e: unknown) => e);
    expect(failureKindOf(error)).toBe('outOfReach');
    expect(user.asker).not.toHaveBeenCalled();
  });
});
