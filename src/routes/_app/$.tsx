import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/components/status-page';

/** Any other path falls to the guarded default layout and shows not-found inside it. */
export const Route = createFileRoute('/_app/$')({
  staticData: { title: 'routes.notFound' },
  component: NotFoundPage,
});
