import { createFileRoute } from '@tanstack/react-router';
import { InvoicePage } from '@/features/claims/invoice-page';
import { positiveInt } from '@/lib/search-params';

export const Route = createFileRoute('/_app/apps/invoicing/invoice')({
  validateSearch: (search: Record<string, unknown>): { claim?: number } => ({ claim: positiveInt(search.claim) }),
  staticData: { title: 'routes.invoice' },
  component: InvoiceRoute,
});

function InvoiceRoute() {
  return <InvoicePage claim={Route.useSearch().claim} />;
}
