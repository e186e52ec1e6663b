import { createFileRoute } from '@tanstack/react-router';
import { NotificationsGallery } from '@/features/gallery/notifications-gallery';

export const Route = createFileRoute('/_app/notifications')({
  staticData: { title: 'routes.demo.notifications' },
  component: NotificationsGallery,
});
