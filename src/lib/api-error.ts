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
