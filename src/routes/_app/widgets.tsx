import { createFileRoute } from '@tanstack/react-router';
import { WidgetsPage } from '@/features/dashboard/widgets-page';

export const Route = createFileRoute('/_app/widgets')({
  staticData: { title: 'routes.demo.widgets' },
  component: WidgetsPage,
});
