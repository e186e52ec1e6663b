import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/notifications')({
  staticData: { title: 'routes.demo.notifications' },
  component: TemplateDemoPage,
});
