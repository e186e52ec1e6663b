import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/apps/invoicing/invoice')({
  staticData: { title: 'routes.invoice' },
  component: NotBuiltPage,
});
