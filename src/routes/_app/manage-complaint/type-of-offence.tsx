import { createFileRoute } from '@tanstack/react-router';
import { NotBuiltPage } from '@/components/not-built-page';

export const Route = createFileRoute('/_app/manage-complaint/type-of-offence')({
  staticData: { title: 'routes.typeOfOffence' },
  component: NotBuiltPage,
});
