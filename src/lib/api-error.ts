import { HTTPError } from 'ky';
import type { Problem } from '@contract';

/** The problem details of a failed call, when the server sent them. */
export async function readProblem(error: unknown): Promise<Problem | null> {
  return error instanceof HTTPError ? problemOf(error.response) : null;
}

/** The problem details of a response, when the server sent them; the response can still be read. */
export async function problemOf(response: Response): Promise<Problem | null> {
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object' && 'title' in body && 'status' in body) {
      return body as Problem;
    }
  } catch {
    // Not JSON: the status alone must do.
  }
  return null;
}

const secondFactorRefusals = new WeakSet<Response>();

/** A 403 `secondFactorRequired` that stands: the user did not answer the second factor (api-client.ts). */
export function markSecondFactorRefusal(response: Response) {
  secondFactorRefusals.add(response);
}

export function httpStatusOf(error: unknown): number | null {
  return error instanceof HTTPError ? error.response.status : null;
}

/**
 * Why a call failed, in the words a person needs: the session has not answered the second
 * factor this needs (a 403 the user may still answer: trying again asks again), the record
 * is not there or not theirs (403, 404: trying again will not help), the network did not
 * carry it (offline, a timeout), or the server could not answer (anything else).
 */
export type FailureKind = 'secondFactor' | 'outOfReach' | 'offline' | 'server';
export function failureKindOf(error: unknown): FailureKind {
  if (error instanceof HTTPError && secondFactorRefusals.has(error.response)) return 'secondFactor';
  const status = httpStatusOf(error);
  if (status === 403 || status === 404) return 'outOfReach';
  if (status === null && (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError'))) return 'offline';
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'offline';
  return 'server';
}
