import { createFileRoute } from '@tanstack/react-router';
import { privilegeQueries } from '@/features/privileges/api';
import { MatrixPage } from '@/features/privileges/matrix-page';
import { positiveInt } from '@/lib/search-params';

export const Route = createFileRoute('/_app/manage-user/matrix-privilage')({
  validateSearch: (search: Record<string, unknown>): { type?: number } => ({ type: positiveInt(search.type) }),
  staticData: { title: 'routes.matrixPrivilege' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(privilegeQueries.matrix()),
  component: MatrixRoute,
});

function MatrixRoute() {
  const navigate = Route.useNavigate();
  return <MatrixPage userTypeId={Route.useSearch().type} onUserTypeChange={(type) => void navigate({ search: { type } })} />;
}
