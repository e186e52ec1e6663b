import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordOtpPage } from '@/features/auth/forgot-password-otp-page';
import { emailParam } from '@/lib/search-params';

export const Route = createFileRoute('/_public/forgot-password-otp')({
  validateSearch: (search): { email?: string } => emailParam(search.email),
  staticData: { title: 'routes.forgotPasswordOtp' },
  component: OtpRoute,
});

function OtpRoute() {
  const { email } = Route.useSearch();
  return <ForgotPasswordOtpPage email={email} />;
}
