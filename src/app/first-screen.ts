import type { AnyRouter } from '@tanstack/react-router';

const load = (router: AnyRouter, path: string) =>
  // A chunk that fails here is fetched again, and its failure shown, when the router renders it.
  Promise.all(router.getMatchedRoutes(path)[0].map((route) => router.loadRouteChunk(route)?.catch(() => {})));

/**
 * Fetches the first screen's code while the translations load, instead of after them (on a slow
 * network that takes a round trip off the first screen; `npm run bench:3g`). Signed in: the
 * routes the address matches. Signed out, the guards show sign-in first, and index.html has
 * drawn its form and preloaded its code already: once `ready` (the words are in), sign-in's
 * routes and the asked page's together, while the visitor types, so the page opens soon after
 * Sign in. The router takes the same chunks when it renders: each is fetched once.
 */
export async function preloadFirstScreen(
  router: AnyRouter,
  signedIn: boolean,
  ready: Promise<unknown>,
  pathname = window.location.pathname,
) {
  if (signedIn || pathname === '/') return load(router, pathname);
  await ready;
  return Promise.all([load(router, '/'), load(router, pathname)]);
}
