import type { QueryClient } from '@tanstack/react-query';
import i18n from '@/lib/i18n';
import { onSessionExpired } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRootStore } from '@/stores/root-store';
import type { createAppRouter } from './router';

/**
 * STYLE.md: a 401 is handled once, globally. The session ends here too, and sign-in
 * brings the user back to the page they were on (`?redirect=`, kept by the sign-in route).
 */
export function endSessionOnUnauthorized(router: ReturnType<typeof createAppRouter>, queryClient: QueryClient) {
  onSessionExpired(() => {
    if (!useRootStore.getState().auth.token) return;
    useRootStore.getState().signOut();
    queryClient.clear();
    void toast.error(i18n.t('auth.sessionExpired'));
    const { pathname, href } = router.state.location;
    void router.navigate({ to: '/', search: pathname === '/' ? {} : { redirect: href } });
  });
}
