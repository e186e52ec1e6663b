import { HTTPError } from 'ky';
import type { Problem } from '@contract';

/** The problem details of a failed call, when the server sent them. */
export async function readProblem(error: unknown): Promise<Problem | null> {
  if (!(error instanceof HTTPError)) return null;
  try {
    const body: unknown = await error.response.clone().json();
    if (body && typeof body === 'object' && 'title' in body && 'status' in body) {
      return body as Problem;
    }
  } catch {
    // Not JSON: the status alone must do.
  }
  return null;
}

export function httpStatusOf(error: unknown): number | null {
  return error instanceof HTTPError ? error.response.status : null;
}

/**
 * Why a call failed, in the words a person needs: the record is not there or not theirs
 * (403, 404: trying again will not help), the network did not carry it (offline, a
 * timeout), or the server could not answer (anything else).
 */
export type FailureKind = 'outOfReach' | 'offline' | 'server';
export function failureKindOf(error: unknown): FailureKind {
  const status = httpStatusOf(error);
  if (status === 403 || status === 404) return 'outOfReach';
  if (status === null && (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError'))) return 'offline';
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'offline';
  return 'server';
}
