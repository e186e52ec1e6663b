import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAppPath } from '@/lib/menu-path';
import { useRootStore } from '@/stores/root-store';

/**
 * The signed-out pages (sign-in, register, forgotten password): a signed-in user has no
 * business here and goes on to the page asked for by `?redirect=`, or the dashboard.
 */
export const Route = createFileRoute('/_public')({
  beforeLoad: ({ location }) => {
    if (!useRootStore.getState().auth.token) return;
    const target = (location.search as { redirect?: unknown }).redirect;
    if (typeof target === 'string' && isAppPath(target)) throw redirect({ href: target });
    throw redirect({ to: '/dashboard' });
  },
});
