import { createFileRoute } from '@tanstack/react-router';
import { PublicNotBuiltPage } from '@/components/public-not-built-page';

export const Route = createFileRoute('/forgot-password-otp')({
  staticData: { title: 'routes.forgotPasswordOtp' },
  component: PublicNotBuiltPage,
});
