import { createFileRoute } from '@tanstack/react-router';
import { StatusBadge } from '@/features/complaints/status-badge';
import { SmartTableGallery } from '@/features/gallery/smart-table-gallery';

export const Route = createFileRoute('/_app/smart-table')({
  staticData: { title: 'routes.demo.smart-table' },
  component: () => <SmartTableGallery statusBadge={(status, text) => <StatusBadge status={status} text={text} />} />,
});
