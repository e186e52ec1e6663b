import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/buttons')({
  staticData: { title: 'routes.demo.buttons' },
  component: TemplateDemoPage,
});
