import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/icons')({
  staticData: { title: 'routes.demo.icons' },
  component: TemplateDemoPage,
});
