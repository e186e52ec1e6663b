import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: { title: 'routes.dashboard' },
  component: NotBuiltPage,
});
