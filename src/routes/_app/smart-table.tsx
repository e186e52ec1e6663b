import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/smart-table')({
  staticData: { title: 'routes.demo.smart-table' },
  component: TemplateDemoPage,
});
