import { createFileRoute } from '@tanstack/react-router';
import { ClaimStatusBadge } from '@/features/claims/claim-status-badge';
import { StatusBadge } from '@/features/complaints/status-badge';
import { BaseGallery } from '@/features/gallery/base-gallery';

export const Route = createFileRoute('/_app/base')({
  staticData: { title: 'routes.demo.base' },
  component: () => (
    <BaseGallery
      badges={{
        complaint: (status, text) => <StatusBadge status={status} text={text} />,
        claim: (status) => <ClaimStatusBadge status={status} />,
      }}
    />
  ),
});
