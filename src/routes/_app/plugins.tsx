import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/plugins')({
  staticData: { title: 'routes.demo.plugins' },
  component: TemplateDemoPage,
});
