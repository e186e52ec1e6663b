import { createFileRoute } from '@tanstack/react-router';
import { PublicNotBuiltPage } from '@/components/public-not-built-page';

export const Route = createFileRoute('/reset-password')({
  staticData: { title: 'routes.resetPassword' },
  component: PublicNotBuiltPage,
});
