import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Before any component's own sheet, which comes with the component (scripts/mantine-styles.ts).
// Mantine's sheets are its `@layer mantine` ones: the app's own styles win over them, whatever
// order the chunks' sheets arrive in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { preloadFirstScreen } from '@/app/first-screen';
import { endSessionOnUnauthorized } from '@/app/session-expiry';
import { dropFirstSignIn } from '@/features/auth/first-sign-in';
import { askSecondFactor } from '@/features/profile/step-up';
import { onSecondFactorRequired } from '@/lib/api-client';
import { initI18n } from '@/lib/i18n';
import { useRootStore, waitForHydration } from '@/stores/root-store';

/** The app's stylesheets come after index.html's first sign-in form (vite.config.ts): the app draws once they are in. */
const stylesheets = () =>
  Promise.all(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) =>
        link.sheet ??
        new Promise((resolve) => {
          link.addEventListener('load', resolve);
          link.addEventListener('error', resolve);
        }),
    ),
  );

const MOCK_API = import.meta.env.VITE_MOCK_API === 'true';

/**
 * The installed app's worker (issue 47), in the real build: once someone is signed in and the
 * page has settled, so a first visit's sign-in page does not pay for what it precaches.
 */
function installWhenSignedIn(router: ReturnType<typeof createAppRouter>) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const install = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    idle(() => void import('@/app/service-worker').then(({ registerAppWorker }) => registerAppWorker(router)));
  };
  if (useRootStore.getState().auth.token) return install();
  const stop = useRootStore.subscribe((state) => {
    if (!state.auth.token) return;
    stop();
    install();
  });
}

async function start() {
  if (MOCK_API) {
    const { startMockWorker } = await import('@mocks/browser');
    const { unregisterAppWorker } = await import('@/app/service-worker');
    await unregisterAppWorker();
    await startMockWorker();
  }
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);

  endSessionOnUnauthorized(router, queryClient);
  onSecondFactorRequired(askSecondFactor);
  // index.html's sign-in form is the sign-in page's to take over; any other page removes it.
  const stopWatching = router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.pathname === '/') return;
    dropFirstSignIn();
    stopWatching();
  });

  // Content only after the persisted state is restored (at most 5 s) and translations load;
  // meanwhile the first screen's code comes too.
  const translations = initI18n();
  const hydrated = waitForHydration().then(() => {
    void preloadFirstScreen(router, Boolean(useRootStore.getState().auth.token), translations);
  });
  await Promise.all([translations, hydrated, stylesheets()]);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
  if (!MOCK_API) installWhenSignedIn(router);
}

void start();
