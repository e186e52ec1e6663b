import i18next, { type TFunction } from 'i18next';
import { HTTPError } from 'ky';
import { problemTypes } from '@contract/account-rules';
import type { Problem } from '@contract';
import { httpStatusOf, readProblem } from './api-error';

/*
 * Kept apart from api-error.ts: the contract module with the problem types also holds the
 * common-password list, which pages that never show an account form should not download.
 */

export type ProblemKind = keyof typeof problemTypes;

const kindByType = new Map(Object.entries(problemTypes).map(([kind, type]) => [type, kind as ProblemKind]));

/** Which documented problem this is, by its `type` (docs/account-rules.md), never by its title. */
export function problemKindOf(problem: Problem | null): ProblemKind | null {
  if (!problem) return null;
  // A server may publish the type as an absolute address; the path is what identifies it.
  const path = problem.type.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  return kindByType.get(path as (typeof problemTypes)[ProblemKind]) ?? null;
}

/** A failed call as a screen needs it: what went wrong, where, and how long to wait. */
export interface Failure {
  /** HTTP status, or null when the server was not reached. */
  status: number | null;
  kind: ProblemKind | null;
  problem: Problem | null;
  /** The first message for each field the server named. */
  fieldErrors: Record<string, string>;
  /** 429: whole minutes until a new try is accepted (at least 1). */
  waitMinutes: number | null;
}

/**
 * The server's words in the user's language: a problem with a `code` (domain/problems.ts) is
 * worded from `problems.<code>` — `detail`, and a field's own message where it has one — and
 * left as the server said it where the language has no words for it.
 */
function inUserLanguage(problem: Problem | null): Problem | null {
  if (!problem?.code || !problem.detail) return problem;
  const say = (key: string, text: string) => i18next.t(`problems.${problem.code}.${key}`, { defaultValue: text });
  const detail = say('detail', problem.detail);
  const errors =
    problem.errors &&
    Object.fromEntries(
      Object.entries(problem.errors).map(([field, messages]) => [
        field,
        messages.map((message) => (message === problem.detail ? detail : say(field, message))),
      ]),
    );
  return { ...problem, detail, ...(errors ? { errors } : {}) };
}

export async function readFailure(error: unknown): Promise<Failure> {
  const problem = inUserLanguage(await readProblem(error));
  const status = httpStatusOf(error);
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(problem?.errors ?? {})) {
    if (messages[0]) fieldErrors[field] = messages[0];
  }
  let waitMinutes: number | null = null;
  if (status === 429) {
    const header = error instanceof HTTPError ? Number(error.response.headers.get('retry-after')) : NaN;
    const seconds = problem?.retryAfter ?? (Number.isFinite(header) ? header : 60);
    waitMinutes = Math.max(1, Math.ceil(seconds / 60));
  }
  return { status, kind: problemKindOf(problem), problem, fieldErrors, waitMinutes };
}

/**
 * The message for failures every form treats alike (throttled, a second factor not answered,
 * unreachable, server fault), else `fallback`: the screen's own "could not …" sentence.
 */
export function commonFailureMessage(failure: Failure, t: TFunction, fallback: string): string {
  if (failure.waitMinutes !== null) return t('errors.throttled', { count: failure.waitMinutes });
  if (failure.kind === 'secondFactorRequired') return t('errors.secondFactorNeeded');
  if (failure.status === null) return t('errors.unreachable');
  if (failure.status >= 500) return t('errors.serverFault');
  return fallback;
}
