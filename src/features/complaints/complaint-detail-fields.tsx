import { Anchor, Divider, Group, Input, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Complaint, ComplaintStatusCode, StatusHistoryEntry } from '@contract';
import { formatDateTime } from '@/lib/date-format';
import { formatPosition, geoUri } from '@/lib/position-format';
import { useNow } from '@/lib/use-now';
import { typeOfOffenceQueries } from '@/lib/type-of-offence-queries';
import { awaitsJustification, DECIDED_STATUSES, isOverdue } from '@domain/complaint-states';
import { AttachmentThumbnails } from './attachment-thumbnails';
import { EvidencePanel } from './evidence-panel';
import { OverdueBadge } from './justify-by';
import type { PreviewImage } from './image-preview-modal';
import { StatusBadge } from './status-badge';
import { StatusHistoryTimeline } from './status-history-timeline';
import classes from './complaint-detail-fields.module.css';

/** SPEC §2: the remark shows only once a complaint is fined (3) or waived (4). */
export const showsRemark = (status: ComplaintStatusCode) => DECIDED_STATUSES.includes(status);

/** Every field of one complaint, read-only (SPEC §2, History Complaint detail). */
interface ComplaintDetailFieldsProps {
  complaint: Complaint;
  onOpenImage: (image: PreviewImage) => void;
  /** Shown under the fields when given. */
  statusHistory?: StatusHistoryEntry[];
  /** False on the justify form, where the justification is being written. */
  withJustification?: boolean;
}

export function ComplaintDetailFields({ complaint: c, onOpenImage, statusHistory, withJustification = true }: ComplaintDetailFieldsProps) {
  const { t } = useTranslation();
  const offenceTypes = useQuery(typeOfOffenceQueries.list());
  const overdue = isOverdue(c, useNow());

  // The complaint's own type stays readable while the list loads, fails or lacks it.
  const options = (offenceTypes.data ?? []).map((o) => ({ value: String(o.id), label: o.name }));
  if (!options.some((o) => o.value === String(c.typeOfOffence.id))) {
    options.push({ value: String(c.typeOfOffence.id), label: c.typeOfOffence.name });
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {c.refNo}
        </Text>
        <StatusBadge status={c.status} text={c.statusText} />
      </Group>
      {/* A grid of our own (Mantine's Grid is 1.5 KB more of History's first load, issue 31's budget). */}
      <div className={classes.fields}>
        <div>
          <Select
            label={t('complaints.typeOfOffence')}
            placeholder={t('common.select')}
            data={options}
            value={String(c.typeOfOffence.id)}
            readOnly
            // A name too long for the field, whole on hover.
            title={options.find((o) => o.value === String(c.typeOfOffence.id))!.label}
            // Read-only looks read-only: no dropdown arrow.
            rightSection={null}
          />
        </div>
        <div>
          <TextInput label={t('complaints.dateOfMisconduct')} value={formatDateTime(c.dateOfMisconduct)} readOnly />
        </div>
        {awaitsJustification(c) && c.justifyBy && (
          <div>
            <TextInput
              label={t('complaints.justifyBy')}
              value={formatDateTime(c.justifyBy)}
              readOnly
              rightSectionWidth={overdue ? 96 : undefined}
              rightSection={overdue ? <OverdueBadge /> : null}
              description={overdue ? t('complaints.overdueHint') : undefined}
            />
          </div>
        )}
        <div className={classes.wide}>
          <Textarea label={t('complaints.description')} value={c.description} autosize minRows={2} readOnly />
        </div>
        {/* Wrapped whole, however long (a pasted link): a one-line field would cut it. */}
        <div>
          <Textarea label={t('complaints.offender')} value={c.offender} autosize minRows={1} readOnly />
        </div>
        <div>
          <Textarea label={t('complaints.location')} value={c.location} autosize minRows={1} readOnly />
        </div>
        <div>
          {/* Read-only: a plain field shows the number (NumberInput's formatting code is for typing one). */}
          <TextInput label={t('complaints.quantity')} value={String(c.qty)} readOnly />
        </div>
        {/* Issue 47: where the officer stood, and a complaint the phone made offline and sent later. */}
        {c.coordinates && (
          <div>
            <Input.Wrapper label={t('complaints.officerPosition')} labelElement="div">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <Anchor href={geoUri(c.coordinates)} inherit>
                  {formatPosition(c.coordinates)}
                </Anchor>
                {c.coordinates.accuracyMeters !== null &&
                  ` ${t('complaints.positionAccuracy', { meters: Math.round(c.coordinates.accuracyMeters) })}`}
              </Text>
            </Input.Wrapper>
          </div>
        )}
        {c.madeOffline && (
          <div className={classes.wide}>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('complaints.madeOffline', { at: formatDateTime(c.madeOffline.at), device: c.madeOffline.device })}
            </Text>
          </div>
        )}
      </div>
      <AttachmentThumbnails label={t('complaints.complaintAttachments')} attachments={c.complaintAttachments} onOpen={onOpenImage} />

      {withJustification && (
        <>
          <Divider />
          <Title order={3} size="h5">
            {t('complaints.justificationDetails')}
          </Title>
          <Textarea
            label={t('complaints.justification')}
            value={c.justification ?? ''}
            placeholder={t('complaints.noJustification')}
            autosize
            minRows={2}
            readOnly
          />
          <AttachmentThumbnails
            label={t('complaints.justificationAttachments')}
            attachments={c.justificationAttachments}
            onOpen={onOpenImage}
          />
        </>
      )}

      <Divider />
      <EvidencePanel complaintId={c.id} />

      {showsRemark(c.status) && (
        <>
          <Divider />
          <Title order={3} size="h5">
            {t('complaints.verification')}
          </Title>
          <div>
            <Textarea label={t('complaints.remark')} value={c.remark ?? ''} autosize minRows={2} readOnly />
            <Text size="xs" c="red" mt={4}>
              {t('complaints.remarkNote')}
            </Text>
          </div>
        </>
      )}

      {statusHistory && (
        <>
          <Divider />
          <StatusHistoryTimeline entries={statusHistory} />
        </>
      )}
    </Stack>
  );
}
