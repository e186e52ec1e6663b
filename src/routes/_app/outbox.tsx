import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '@/features/complaints/outbox-page';

/** "Waiting to send": the complaints this user registered on this device without network (issue 47). */
export const Route = createFileRoute('/_app/outbox')({
  staticData: { title: 'routes.outbox' },
  component: OutboxPage,
});
