import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/status-page';

export const Route = createFileRoute('/404')({
  staticData: { title: 'routes.notFound' },
  component: NotFoundPage,
});
