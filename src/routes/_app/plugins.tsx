import { createFileRoute } from '@tanstack/react-router';
import { ImageAttachmentsInput } from '@/features/complaints/image-attachments-input';
import { FormulaPlayground } from '@/features/formulas/formula-form';
import { PluginsGallery } from '@/features/gallery/plugins-gallery';

export const Route = createFileRoute('/_app/plugins')({
  staticData: { title: 'routes.demo.plugins' },
  component: () => <PluginsGallery imageInput={(props) => <ImageAttachmentsInput {...props} />} formulaField={<FormulaPlayground />} />,
});
