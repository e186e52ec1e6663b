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

async function start() {
  if (MOCK_API) {
    const { startMockWorker } = await import('@mocks/browser');
    const { unregisterAppWorker } = await import('@/lib/app-worker');
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
}

void start();
