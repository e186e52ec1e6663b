import type { AnyRouter } from '@tanstack/react-router';

const load = (router: AnyRouter, path: string) =>
  // A chunk that fails here is fetched again, and its failure shown, when the router renders it.
  Promise.all(router.getMatchedRoutes(path)[0].map((route) => router.loadRouteChunk(route)?.catch(() => {})));

/**
 * Fetches the first screen's code while the translations load, instead of after them (on a slow
 * network that takes a round trip off the first screen; `npm run bench:3g`). Signed in: the
 * routes the address matches. Signed out, the guards show sign-in first: its code now, and the
 * asked page's once `ready` (the sign-in form on screen), while the visitor types, so the page
 * opens soon after Sign in without slowing the form down. The router takes the same chunks when
 * it renders: each is fetched once.
 */
export async function preloadFirstScreen(
  router: AnyRouter,
  signedIn: boolean,
  ready: Promise<unknown>,
  pathname = window.location.pathname,
) {
  if (signedIn || pathname === '/') return load(router, pathname);
  await Promise.all([load(router, '/'), ready]);
  return load(router, pathname);
}
