import { createFileRoute } from '@tanstack/react-router';
import { ClaimStatusBadge } from '@/features/claims/claim-status-badge';
import { StatusBadge } from '@/features/complaints/status-badge';
import { ThemeGallery } from '@/features/gallery/theme-gallery';

export const Route = createFileRoute('/_app/theme')({
  staticData: { title: 'routes.demo.theme' },
  component: () => (
    <ThemeGallery
      badges={{
        complaint: (status, text) => <StatusBadge status={status} text={text} />,
        claim: (status) => <ClaimStatusBadge status={status} />,
      }}
    />
  ),
});
