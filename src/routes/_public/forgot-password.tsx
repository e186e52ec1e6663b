import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';
import { emailParam } from '@/lib/search-params';

export const Route = createFileRoute('/_public/forgot-password')({
  validateSearch: (search): { email?: string } => emailParam(search.email),
  staticData: { title: 'routes.forgotPassword' },
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const { email } = Route.useSearch();
  return <ForgotPasswordPage email={email} />;
}
