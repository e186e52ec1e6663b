import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/manage-user/user-type')({
  staticData: { title: 'routes.userType' },
  component: NotBuiltPage,
});
