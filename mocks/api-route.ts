/** An MSW path for a contract path; `*` so the handlers answer whatever the API base is. */
export function apiRoute(path: string): string {
  return `*/${path}`;
}
