import { createFileRoute } from '@tanstack/react-router';
import { ButtonsGallery } from '@/features/gallery/buttons-gallery';

export const Route = createFileRoute('/_app/buttons')({
  staticData: { title: 'routes.demo.buttons' },
  component: ButtonsGallery,
});
