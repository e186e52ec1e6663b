import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/forms')({
  staticData: { title: 'routes.demo.forms' },
  component: TemplateDemoPage,
});
