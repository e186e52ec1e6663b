import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActiveBadge } from '@/components/catalogue/active-badge';
import { ErrorState } from '@/components/error-state';
import { FormAlert } from '@/components/form-alert';
import { ListTable } from '@/components/list-table';
import { PageLoader } from '@/components/page-loader';
import { GalleryPage, GallerySection, Sample } from './gallery-section';
import { StatusBadgeRows, type StatusBadges } from './status-badges';
import { useLocalTable } from './use-local-table';
import { usePretendWait } from './use-pretend-wait';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
const TEXT_SIZES = ['xl', 'lg', 'md', 'sm', 'xs'] as const;
const NO_ROWS: { id: number }[] = [];
const textOfNothing = () => '';

/** The heading and text sizes of the theme, shown as text so the page's own headings stay in order. */
function Typography() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Stack gap="xs">
        {HEADINGS.map((level) => (
          <Text
            key={level}
            fz={`var(--mantine-${level}-font-size)`}
            fw={`var(--mantine-${level}-font-weight)`}
            lh={`var(--mantine-${level}-line-height)`}
          >
            {t('gallery.base.heading', { level: level.toUpperCase() })}
          </Text>
        ))}
      </Stack>
      <Stack gap="xs">
        {TEXT_SIZES.map((size) => (
          <Text key={size} size={size}>
            {t('gallery.base.textSize', { size })}
          </Text>
        ))}
        <Text size="sm" c="dimmed">
          {t('gallery.base.dimmed')}
        </Text>
        <Text size="sm" ff="monospace">
          if(repeatCount {'>='} 3, 2, 1) * rate
        </Text>
      </Stack>
    </SimpleGrid>
  );
}

/** A list with nothing in it, as every list says so. */
function EmptyList() {
  const { t } = useTranslation();
  const list = useLocalTable(NO_ROWS, { textOf: textOfNothing, initialSort: { columnAccessor: 'id', direction: 'asc' } });
  return (
    <ListTable
      records={list.records}
      totalRecords={0}
      fetching={false}
      columns={[{ accessor: 'id', title: t('complaints.refNo') }]}
      table={list.table}
    />
  );
}

/** `/base`: the building blocks every screen is made of. */
export function BaseGallery({ badges }: { badges: StatusBadges }) {
  const { t } = useTranslation();
  const retry = usePretendWait();
  return (
    <GalleryPage intro={t('gallery.base.intro')}>
      <GallerySection title={t('gallery.base.typography')} description={t('gallery.base.typographyHint')}>
        <Typography />
      </GallerySection>
      <GallerySection title={t('gallery.base.surfaces')} description={t('gallery.base.surfacesHint')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper withBorder radius="md" p="md">
            <Text fw={600}>{t('gallery.base.listPanel')}</Text>
            <Text size="sm" c="dimmed">
              {t('gallery.base.listPanelHint')}
            </Text>
          </Paper>
          <Paper radius="md" p="md" bg="var(--mantine-color-gray-light)">
            <Text fw={600}>{t('gallery.base.tintedPanel')}</Text>
            <Text size="sm">{t('gallery.base.tintedPanelHint')}</Text>
          </Paper>
        </SimpleGrid>
      </GallerySection>
      <GallerySection title={t('gallery.base.badges')} description={t('gallery.base.badgesHint')}>
        <Stack gap="sm">
          <StatusBadgeRows badges={badges} />
          <Sample caption={t('gallery.base.activeBadge')}>
            <SimpleGrid cols={2} spacing="xs">
              <ActiveBadge active />
              <ActiveBadge active={false} />
            </SimpleGrid>
          </Sample>
        </Stack>
      </GallerySection>
      <GallerySection title={t('gallery.base.alerts')} description={t('gallery.base.alertsHint')}>
        <Stack gap="sm">
          <FormAlert tone="error" message={t('gallery.base.errorAlert')} />
          <FormAlert tone="success" message={t('gallery.base.successAlert')} />
          <FormAlert tone="info" message={t('gallery.base.infoAlert')} />
        </Stack>
      </GallerySection>
      <GallerySection title={t('gallery.base.states')} description={t('gallery.base.statesHint')}>
        <Stack gap="md">
          <Sample caption={t('gallery.base.errorState')}>
            <ErrorState onRetry={() => retry.start()} retrying={retry.busy} />
          </Sample>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Sample caption={t('gallery.base.loader')}>
              <PageLoader />
            </Sample>
            <Sample caption={t('gallery.base.skeleton')}>
              <Stack gap="xs" w="100%" aria-hidden>
                <Skeleton height={12} width="60%" />
                <Skeleton height={8} />
                <Skeleton height={8} width="80%" />
              </Stack>
            </Sample>
          </SimpleGrid>
          <Sample caption={t('gallery.base.emptyList')}>
            <EmptyList />
          </Sample>
        </Stack>
      </GallerySection>
    </GalleryPage>
  );
}
