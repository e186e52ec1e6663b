import { createFileRoute } from '@tanstack/react-router';
import { PublicNotBuiltPage } from '@/components/public-not-built-page';

export const Route = createFileRoute('/register')({
  staticData: { title: 'routes.register' },
  component: PublicNotBuiltPage,
});
