import { Image, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PreviewImage {
  src: string;
  alt: string;
}

/** The larger view of an attachment. */
export function ImagePreviewModal({
  image,
  onClose,
}: {
  image: PreviewImage | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={image !== null} onClose={onClose} title={t('complaints.imageTitle')} size="auto" centered>
      {image && <Image src={image.src} alt={image.alt} mah="75vh" maw="min(90vw, 960px)" fit="contain" />}
    </Modal>
  );
}
