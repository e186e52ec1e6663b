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
import { initI18n } from '@/lib/i18n';
import { useRootStore, waitForHydration } from '@/stores/root-store';

async function start() {
  if (import.meta.env.VITE_MOCK_API === 'true') {
    const { startMockWorker } = await import('@mocks/browser');
    await startMockWorker();
  }
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);

  endSessionOnUnauthorized(router, queryClient);

  // Content only after the persisted state is restored (at most 5 s) and translations load;
  // meanwhile the first screen's code comes too.
  const translations = initI18n();
  const hydrated = waitForHydration().then(() => {
    void preloadFirstScreen(router, Boolean(useRootStore.getState().auth.token), translations);
  });
  await Promise.all([translations, hydrated]);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start();
