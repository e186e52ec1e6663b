import { createFileRoute } from '@tanstack/react-router';
import { IconsGallery } from '@/features/gallery/icons-gallery';

export const Route = createFileRoute('/_app/icons')({
  staticData: { title: 'routes.demo.icons' },
  component: IconsGallery,
});
