import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * The installed app's worker (issue 47), in the real build: registered from the signed-in frame
 * once the page has settled, so a first visit's sign-in page neither downloads its code nor pays
 * for what it precaches. Mock mode keeps MSW's worker (src/main.tsx).
 */
export function useInstallableApp() {
  const router = useRouter();
  useEffect(() => {
    if (!import.meta.env.PROD || import.meta.env.VITE_MOCK_API === 'true' || !('serviceWorker' in navigator)) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const handle = idle(() => void import('./app-worker').then(({ registerAppWorker }) => registerAppWorker(router)));
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, [router]);
}
