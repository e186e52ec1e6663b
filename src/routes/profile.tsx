import { createFileRoute } from '@tanstack/react-router';
import { PublicNotBuiltPage } from '@/components/public-not-built-page';

export const Route = createFileRoute('/profile')({
  staticData: { title: 'routes.profile' },
  component: PublicNotBuiltPage,
});
