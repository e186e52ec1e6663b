import { createFileRoute } from '@tanstack/react-router';
import { TemplateDemoPage } from '@/components/template-demo-page';

export const Route = createFileRoute('/_app/theme')({
  staticData: { title: 'routes.demo.theme' },
  component: TemplateDemoPage,
});
