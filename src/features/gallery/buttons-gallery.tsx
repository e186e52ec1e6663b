import { ActionIcon, Button, Group, SimpleGrid, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconPhotoPlus, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/catalogue/catalogue-form';
import { RecordActions } from '@/components/catalogue/record-actions';
import { ConfirmModal } from '@/components/confirm-modal';
import { toast } from '@/lib/toast';
import { GalleryPage, GallerySection, Sample } from './gallery-section';
import { usePretendWait } from './use-pretend-wait';

/** A made-up catalogue row and complaint, for the buttons' names ("Edit Zon Pusat"). */
const SAMPLE_NAME = 'Zon Pusat';
const SAMPLE_REF = 'SMP-2026-000001';

/** The row buttons of the lists: the catalogue's own, and a complaint's view. */
function RowActions() {
  const { t } = useTranslation();
  const [active, setActive] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const toggle = usePretendWait(600);
  const remove = usePretendWait(800);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Sample caption={t('gallery.buttons.recordActions')}>
          <Group>
            <RecordActions
              name={SAMPLE_NAME}
              active={active}
              canUpdate
              canDelete
              toggling={toggle.busy}
              onEdit={() => void toast.blank(t('gallery.buttons.nothingDone'))}
              onToggleActive={() => toggle.start(() => setActive(!active))}
              onDelete={() => setConfirming(true)}
            />
          </Group>
        </Sample>
        <Sample caption={t('gallery.buttons.viewAction')}>
          <Group>
            <Tooltip label={t('complaints.viewDetail')}>
              <ActionIcon
                variant="light"
                aria-label={t('complaints.viewDetailOf', { refNo: SAMPLE_REF })}
                onClick={() => void toast.blank(t('gallery.buttons.nothingDone'))}
              >
                <IconEye size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Sample>
      </SimpleGrid>
      <ConfirmModal
        opened={confirming}
        title={t('catalogue.deleteOf', { name: SAMPLE_NAME })}
        confirmLabel={t('common.delete')}
        color="red"
        loading={remove.busy}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.start(() => {
            setConfirming(false);
            void toast.success(t('gallery.buttons.nothingDeleted'));
          })
        }
      >
        {t('catalogue.deleteConfirm', { name: SAMPLE_NAME })}
      </ConfirmModal>
    </>
  );
}

/** A form's Cancel and Save, Save busy for a moment as if the server were answering. */
function SaveSample() {
  const save = usePretendWait();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.start();
      }}
    >
      <FormActions onCancel={() => undefined} saving={save.busy} />
    </form>
  );
}

/** `/buttons`: the product's buttons in the variants, states and colours its screens use. */
export function ButtonsGallery() {
  const { t } = useTranslation();
  const busy = usePretendWait();
  return (
    <GalleryPage intro={t('gallery.buttons.intro')}>
      <GallerySection title={t('gallery.buttons.variants')} description={t('gallery.buttons.variantsHint')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Sample caption={t('gallery.buttons.filled')}>
            <Group>
              <Button>{t('common.save')}</Button>
            </Group>
          </Sample>
          <Sample caption={t('gallery.buttons.default')}>
            <Group>
              <Button variant="default">{t('common.cancel')}</Button>
            </Group>
          </Sample>
          <Sample caption={t('gallery.buttons.light')}>
            <Group>
              <Button variant="light" leftSection={<IconPhotoPlus size={16} />}>
                {t('attachments.add')}
              </Button>
            </Group>
          </Sample>
          <Sample caption={t('gallery.buttons.subtle')}>
            <Group>
              <Button variant="subtle" size="xs">
                {t('table.showDetails')}
              </Button>
            </Group>
          </Sample>
        </SimpleGrid>
      </GallerySection>
      <GallerySection title={t('gallery.buttons.states')} description={t('gallery.buttons.statesHint')}>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Sample caption={t('gallery.buttons.enabled')}>
            <Group>
              <Button loading={busy.busy} onClick={() => busy.start()}>
                {t('common.save')}
              </Button>
            </Group>
          </Sample>
          <Sample caption={t('gallery.buttons.disabled')}>
            <Group>
              <Button disabled>{t('common.save')}</Button>
            </Group>
          </Sample>
          <Sample caption={t('gallery.buttons.loading')}>
            <Group>
              <Button loading>{t('common.save')}</Button>
            </Group>
          </Sample>
        </SimpleGrid>
        <Sample caption={t('gallery.buttons.formActions')}>
          <SaveSample />
        </Sample>
      </GallerySection>
      <GallerySection title={t('gallery.buttons.withIcon')} description={t('gallery.buttons.withIconHint')}>
        <Group>
          <Button leftSection={<IconPlus size={16} />}>{t('claims.generateClaim')}</Button>
          <Button variant="default" leftSection={<IconDownload size={16} />}>
            {t('table.export')}
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={16} />}>
            {t('claims.refresh')}
          </Button>
        </Group>
      </GallerySection>
      <GallerySection title={t('gallery.buttons.rowActions')} description={t('gallery.buttons.rowActionsHint')}>
        <RowActions />
      </GallerySection>
      <GallerySection title={t('gallery.buttons.colours')} description={t('gallery.buttons.coloursHint')}>
        <Group>
          <Button color="red">{t('common.delete')}</Button>
          <Button color="orange">{t('catalogue.deactivate')}</Button>
          <Button color="green">{t('catalogue.activate')}</Button>
        </Group>
      </GallerySection>
    </GalleryPage>
  );
}
