import { createFileRoute } from '@tanstack/react-router';
import { ServerErrorPage } from '@/components/status-page';

export const Route = createFileRoute('/500')({
  staticData: { title: 'routes.serverError' },
  component: ServerErrorPage,
});
