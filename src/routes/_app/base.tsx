import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/base')({
  staticData: { title: 'routes.demo.base' },
  component: TemplateDemoPage,
});
