import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import '@/components/calendar-locale';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_ATTACHMENTS } from '@contract/complaint-rules';
import { useCalendarProps } from '@/components/calendar-props';
import { DateTimeField, type DateTimeValue } from '@/components/date-time-field';
import { GalleryPage, GallerySection } from './gallery-section';
import { sampleImage, useSimulatedUploads, type SimulatedUploads } from './use-simulated-uploads';

/** The date pickers of the product: the complaint list's period and a form's date and time. */
function DatePickers() {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  const [period, setPeriod] = useState<DatesRangeValue<string>>([null, null]);
  const [moment, setMoment] = useState<DateTimeValue>(null);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <DatePickerInput
        type="range"
        label={t('complaints.filters.period')}
        placeholder={t('complaints.filters.anyTime')}
        valueFormat="DD-MM-YYYY"
        clearable
        clearButtonProps={{ 'aria-label': t('complaints.filters.clearPeriod') }}
        {...calendar}
        value={period}
        onChange={setPeriod}
      />
      <DateTimeField
        label={t('complaints.dateOfMisconduct')}
        timeLabel={t('complaints.timeOfMisconduct')}
        value={moment}
        onChange={setMoment}
      />
    </SimpleGrid>
  );
}

/** The image input with its uploads played locally, and a sample image for those with none at hand. */
function UploadSample({ imageInput }: { imageInput: PluginsGalleryProps['imageInput'] }) {
  const { t } = useTranslation();
  const attachments = useSimulatedUploads();
  return (
    <Stack gap="sm">
      {imageInput({ label: t('gallery.plugins.images'), attachments })}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPhoto size={16} />}
          disabled={attachments.items.length >= MAX_ATTACHMENTS}
          onClick={() => attachments.add([sampleImage(t('gallery.plugins.sampleFileName', { n: attachments.items.length + 1 }))])}
        >
          {t('gallery.plugins.addSample')}
        </Button>
      </Group>
    </Stack>
  );
}

interface PluginsGalleryProps {
  /** The complaint form's image input (a feature's part, so the route hands it in). */
  imageInput: (props: { label: string; attachments: SimulatedUploads }) => ReactNode;
  /** Manage Formula's field with its preview (the route hands it in: it is that feature's). */
  formulaField: ReactNode;
}

/** `/plugins`: the richer inputs: date pickers, an image upload with progress, the formula field. */
export function PluginsGallery({ imageInput, formulaField }: PluginsGalleryProps) {
  const { t } = useTranslation();
  return (
    <GalleryPage intro={t('gallery.plugins.intro')}>
      <GallerySection title={t('gallery.plugins.dates')} description={t('gallery.plugins.datesHint')}>
        <DatePickers />
      </GallerySection>
      <GallerySection title={t('gallery.plugins.upload')} description={t('gallery.plugins.uploadHint')}>
        <UploadSample imageInput={imageInput} />
      </GallerySection>
      <GallerySection title={t('gallery.plugins.formula')} description={t('gallery.plugins.formulaHint')}>
        {formulaField}
      </GallerySection>
    </GalleryPage>
  );
}
