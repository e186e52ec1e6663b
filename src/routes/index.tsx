import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInPage } from '@/features/auth/sign-in-page';
import { isAppPath } from '@/lib/menu-path';
import { useRootStore } from '@/stores/root-store';

export const Route = createFileRoute('/')({
  validateSearch: (search): { redirect?: string } =>
    typeof search.redirect === 'string' && isAppPath(search.redirect) ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    if (useRootStore.getState().auth.token) throw redirect({ to: search.redirect ?? '/dashboard' });
  },
  staticData: { title: 'routes.signIn' },
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect: target } = Route.useSearch();
  return <SignInPage redirect={target} />;
}
