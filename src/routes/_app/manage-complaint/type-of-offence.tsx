import { createFileRoute } from '@tanstack/react-router';
import { firstOffenceTypesPage } from '@/features/offence-types/api';
import { OffenceTypesPage } from '@/features/offence-types/offence-types-page';

export const Route = createFileRoute('/_app/manage-complaint/type-of-offence')({
  staticData: { title: 'routes.typeOfOffence' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(firstOffenceTypesPage()),
  component: OffenceTypesPage,
});
