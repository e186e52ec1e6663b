import { createFileRoute } from '@tanstack/react-router';
import { FormsGallery } from '@/features/gallery/forms-gallery';

export const Route = createFileRoute('/_app/forms')({
  staticData: { title: 'routes.demo.forms' },
  component: FormsGallery,
});
