import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';

/** The reset token comes from the code page through session storage, never the URL. */
export const Route = createFileRoute('/_public/reset-password')({
  staticData: { title: 'routes.resetPassword' },
  component: ResetPasswordPage,
});
