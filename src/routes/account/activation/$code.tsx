import { createFileRoute } from '@tanstack/react-router';
import { ActivationPage } from '@/features/auth/activation-page';

/** The link from the activation mail; reachable signed in or not. */
export const Route = createFileRoute('/account/activation/$code')({
  staticData: { title: 'routes.activation' },
  component: ActivationRoute,
});

function ActivationRoute() {
  const { code } = Route.useParams();
  return <ActivationPage code={code} />;
}
