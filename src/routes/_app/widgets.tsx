import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/widgets')({
  staticData: { title: 'routes.demo.widgets' },
  component: TemplateDemoPage,
});
