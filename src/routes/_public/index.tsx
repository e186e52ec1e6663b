import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '@/features/auth/sign-in-page';
import { isAppPath } from '@/lib/menu-path';
import { emailParam } from '@/lib/search-params';

export const Route = createFileRoute('/_public/')({
  validateSearch: (search): { redirect?: string; email?: string } => ({
    ...(typeof search.redirect === 'string' && isAppPath(search.redirect) ? { redirect: search.redirect } : {}),
    ...emailParam(search.email),
  }),
  staticData: { title: 'routes.signIn' },
  component: SignInRoute,
});

function SignInRoute() {
  const { redirect, email } = Route.useSearch();
  return <SignInPage redirect={redirect} email={email} />;
}
