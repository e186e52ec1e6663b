import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/manage-contract/master-config')({
  staticData: { title: 'routes.manageFormula' },
  component: NotBuiltPage,
});
