import { createFileRoute } from '@tanstack/react-router';
import { PublicNotBuiltPage } from '@/components/public-not-built-page';

export const Route = createFileRoute('/account/activation/$code')({
  staticData: { title: 'routes.activation' },
  component: PublicNotBuiltPage,
});
