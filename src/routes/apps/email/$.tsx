import { createFileRoute } from '@tanstack/react-router';
import { PublicTemplatePage } from '@/components/public-template-page';

/** SPEC §2: the template's e-mail app; sample content, not product behaviour. */
export const Route = createFileRoute('/apps/email/$')({
  staticData: { title: 'routes.email' },
  component: PublicTemplatePage,
});
