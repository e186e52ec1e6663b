import type { AnyRouter } from '@tanstack/react-router';
import i18n from 'i18next';
import { SEND_OUTBOX, SKIP_WAITING } from '@/service-worker/messages';

/*
 * The installed app's service worker, from the page's side (issue 47). Registered in the real
 * build once someone is signed in (a first visit's sign-in page does not pay for the precache);
 * mock mode keeps MSW's worker and unregisters ours (src/main.tsx): the two never serve one page.
 */

const SW_URL = '/sw.js';
const MSW_URL = '/mockServiceWorker.js';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** The manifest in the user's language: its name and short name are the ones an installed app shows. */
function manifestFollowsLanguage() {
  const apply = (language: string) => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const href = `/manifest.${language.startsWith('ms') ? 'ms' : 'en'}.webmanifest`;
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  };
  if (i18n.language) apply(i18n.language);
  i18n.on('languageChanged', apply);
}

/** Mock mode: MSW's worker only. A real build's worker left from an earlier visit goes. */
export async function unregisterAppWorker() {
  if (!supported()) return;
  for (const registration of await navigator.serviceWorker.getRegistrations()) {
    if (registration.active?.scriptURL.endsWith(SW_URL) || registration.installing?.scriptURL.endsWith(SW_URL)) {
      await registration.unregister();
    }
  }
}

/**
 * Registers /sw.js and watches for a new release: it takes over at the next navigation (the
 * new page loads whole, with the new code); meanwhile "A new version is ready — Reload" says so,
 * and nothing typed is lost (a form's dialog stays until its owner leaves it).
 */
let started = false;

export async function registerAppWorker(router: Pick<AnyRouter, 'subscribe'>) {
  // Once a page: the signed-in frame mounts again after each sign-in.
  if (started) return;
  started = true;
  manifestFollowsLanguage();
  if (!supported()) return;
  const container = navigator.serviceWorker;
  // A mock build's worker left on this origin would answer the real API's calls: it goes.
  for (const registration of await container.getRegistrations()) {
    if (registration.active?.scriptURL.endsWith(MSW_URL)) await registration.unregister();
  }
  container.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    // The queue's sender (when one is loaded) hears it on the window.
    if (event.data?.type === SEND_OUTBOX) window.dispatchEvent(new Event(SEND_OUTBOX));
  });
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SW_URL, { scope: '/' });
  } catch {
    return; // No worker (private mode, an old browser): the app works online as before.
  }
  let announced = false;
  // A worker waiting while an older one serves the page is a new release (the first install has nothing to replace).
  const waitingRelease = () => (container.controller && registration.waiting ? registration.waiting : null);
  const announce = () => {
    if (announced || !waitingRelease()) return;
    announced = true;
    void import('./update-ready').then(({ showUpdateReady }) => showUpdateReady(() => takeOver()));
  };
  // The release serving this page changed (this tab, or another, let the new one take over):
  // this page's code is the old one's, so the next navigation loads the page whole.
  let releaseChanged = false;
  let controller = container.controller;
  container.addEventListener('controllerchange', () => {
    const first = controller === null;
    controller = container.controller;
    if (first) return; // The first install took the page: nothing to replace.
    releaseChanged = true;
    if (takingOver) window.location.reload();
    else announceChanged();
  });
  let takingOver = false;
  const takeOver = () => {
    if (releaseChanged) return window.location.reload();
    const waiting = waitingRelease();
    if (!waiting || takingOver) return;
    takingOver = true;
    waiting.postMessage({ type: SKIP_WAITING });
  };
  const announceChanged = () => {
    if (announced) return;
    announced = true;
    void import('./update-ready').then(({ showUpdateReady }) => showUpdateReady(() => window.location.reload()));
  };
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce();
    });
  });
  announce();
  // The next navigation loads the new release whole.
  router.subscribe('onResolved', ({ pathChanged }) => {
    if (pathChanged) takeOver();
  });
  // A long-open app looks for a release now and then, as a browser does at each navigation.
  window.setInterval(() => void registration.update().catch(() => undefined), 60 * 60_000);
}
