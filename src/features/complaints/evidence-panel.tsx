import { Anchor, Badge, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComplaintEvidence, EvidenceFinding, PhotoEvidence } from '@contract/evidence';
import { ErrorState } from '@/components/error-state';
import { ExportButton } from '@/components/export-button';
import { apiPaths } from '@contract/paths';
import { formatDateTime } from '@/lib/date-format';
import { complaintQueries } from './api';

/*
 * What a complaint's photos say (issue 35), where people decide: the detail, the justify dialog
 * (so the contractor sees what the verifier will) and the verify dialog. Findings inform; no
 * button waits on them.
 */

/** "3 days 20 minutes": the largest two units of a span of minutes. */
export function spanInWords(t: TFunction, minutes: number): string {
  const total = Math.abs(minutes);
  const parts = [
    { unit: 'days', n: Math.floor(total / 1440) },
    { unit: 'hours', n: Math.floor((total % 1440) / 60) },
    { unit: 'minutes', n: total % 60 },
  ].filter((part) => part.n > 0);
  if (parts.length === 0) return t('evidence.minutes', { count: 0 });
  return parts
    .slice(0, 2)
    .map((part) => t(`evidence.${part.unit}`, { count: part.n }))
    .join(' ');
}

/** "2.1 km" or "740 m". */
const distanceInWords = (t: TFunction, meters: number) =>
  meters >= 1000 ? t('evidence.kilometres', { value: (meters / 1000).toFixed(1) }) : t('evidence.metres', { value: meters });

/** Each photo's name on screen: "Photo 2", "Justification photo 1", in the complaint's order. */
function photoNames(t: TFunction, photos: readonly PhotoEvidence[]): Map<string, string> {
  const names = new Map<string, string>();
  const counts = { complaint: 0, justification: 0 };
  for (const photo of photos) {
    counts[photo.kind] += 1;
    names.set(photo.fileId, t(photo.kind === 'complaint' ? 'evidence.photo' : 'evidence.justificationPhoto', { n: counts[photo.kind] }));
  }
  return names;
}

const NEUTRAL = new Set<EvidenceFinding['kind']>(['noCaptureTime']);

function FindingText({ finding, names, evidence }: { finding: EvidenceFinding; names: Map<string, string>; evidence: ComplaintEvidence }) {
  const { t } = useTranslation();
  const name = (fileId: string) => names.get(fileId) ?? t('evidence.aPhoto');
  switch (finding.kind) {
    case 'takenOutsideWindow':
      return (
        <>
          {t(finding.minutesAfter > 0 ? 'evidence.takenAfter' : 'evidence.takenBefore', {
            photo: name(finding.fileId),
            span: spanInWords(t, finding.minutesAfter),
            at: formatDateTime(finding.takenAt),
          })}{' '}
          <Text span size="xs" c="dimmed">
            {t('evidence.window', {
              before: spanInWords(t, evidence.rules.minutesBefore),
              after: spanInWords(t, evidence.rules.minutesAfter),
            })}
          </Text>
        </>
      );
    case 'noCaptureTime':
      return <>{t('evidence.noCaptureTime', { photo: name(finding.fileId) })}</>;
    case 'edited':
      return <>{t('evidence.edited', { photo: name(finding.fileId), software: finding.software })}</>;
    case 'duplicate':
      return (
        <>
          {t(finding.match === 'identical' ? 'evidence.identical' : 'evidence.similar', { photo: name(finding.fileId) })}{' '}
          <Anchor
            inherit
            renderRoot={(props) => <Link {...props} to="/manage-complaint/history-complaint" search={{ detail: finding.other.id }} />}
          >
            {finding.other.refNo}
          </Anchor>
        </>
      );
    case 'farApart':
      return (
        <>
          {t('evidence.farApart', {
            first: name(finding.fileIds[0]!),
            second: name(finding.fileIds[1]!),
            distance: distanceInWords(t, finding.meters),
            allowed: distanceInWords(t, evidence.rules.farApartMeters),
          })}
        </>
      );
    case 'farFromOfficer':
      return (
        <>
          {t('evidence.farFromOfficer', {
            photo: name(finding.fileId),
            distance: distanceInWords(t, finding.meters),
            allowed: distanceInWords(t, evidence.rules.farApartMeters),
          })}
        </>
      );
  }
}

/** One photo's own testimony, in a line or two. */
function PhotoFacts({ photo, name }: { photo: PhotoEvidence; name: string }) {
  const { t } = useTranslation();
  const m = photo.metadata;
  const camera = m && [m.cameraMake, m.cameraModel].filter(Boolean).join(' ');
  return (
    <List.Item>
      <Text size="sm" fw={500} span>
        {name}
      </Text>
      {m === null ? (
        <Text size="sm" c="dimmed">
          {t('evidence.notRead')}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" component="div">
          {m.takenAt
            ? t(m.takenAtOffsetKnown ? 'evidence.takenAt' : 'evidence.takenAtAssumed', { at: formatDateTime(m.takenAt) })
            : t('evidence.noTime')}
          {camera ? ` · ${camera}` : ''}
          {m.software ? ` · ${t('evidence.software', { software: m.software })}` : ''}
          {m.width && m.height ? ` · ${m.width} × ${m.height}` : ''}
          {m.gps && (
            <>
              {' · '}
              <Anchor
                href={`https://www.openstreetmap.org/?mlat=${m.gps.latitude}&mlon=${m.gps.longitude}#map=18/${m.gps.latitude}/${m.gps.longitude}`}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                {t('evidence.openMap', { position: `${m.gps.latitude.toFixed(5)}, ${m.gps.longitude.toFixed(5)}` })}
              </Anchor>
              {m.gps.accuracyMeters !== null && ` (± ${Math.round(m.gps.accuracyMeters)} m)`}
            </>
          )}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {/* Monospace as code is written, without Mantine's Code (History's first load, issue 31's budget). */}
        {t('evidence.sha256')}{' '}
        <Text span ff="monospace" fz="xs">
          {photo.sha256}
        </Text>
      </Text>
    </List.Item>
  );
}

/** The photo evidence section of a complaint: findings first, then what each photo says. */
export function EvidencePanel({ complaintId }: { complaintId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const evidence = useQuery(complaintQueries.evidence(complaintId));
  const data = evidence.data;
  const names = data ? photoNames(t, data.photos) : new Map<string, string>();
  const notable = data?.findings.filter((finding) => !NEUTRAL.has(finding.kind)).length ?? 0;

  return (
    <section aria-labelledby={headingId}>
      <Group gap="xs" mb="xs" justify="space-between">
        <Group gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {t('evidence.title')}
          </Title>
          {notable > 0 && (
            <Badge color="orange" variant="light">
              {t('evidence.findingCount', { count: notable })}
            </Badge>
          )}
        </Group>
        <ExportButton
          path={apiPaths.complaintEvidencePack(complaintId)}
          searchParams={{}}
          fileName={`evidence-${complaintId}.pdf`}
          label={t('evidence.pack')}
          size="compact-sm"
        />
      </Group>
      {evidence.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label={t('evidence.loading')}>
          <Skeleton height={14} width="70%" />
          <Skeleton height={14} width="55%" />
        </Stack>
      ) : evidence.isError ? (
        <ErrorState
          error={evidence.error}
          title={t('evidence.loadFailed')}
          onRetry={() => void evidence.refetch()}
          retrying={evidence.isFetching}
        />
      ) : data!.photos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('evidence.noPhotos')}
        </Text>
      ) : (
        <Stack gap="sm">
          {data!.findings.length === 0 ? (
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon color="teal" variant="light" size="sm" radius="xl" aria-hidden>
                <IconCircleCheck size={14} />
              </ThemeIcon>
              <Text size="sm">{t('evidence.nothingToNote')}</Text>
            </Group>
          ) : (
            <List spacing={6} size="sm" aria-label={t('evidence.findings')}>
              {data!.findings.map((finding, i) => (
                <List.Item
                  key={i}
                  icon={
                    <ThemeIcon color={NEUTRAL.has(finding.kind) ? 'gray' : 'orange'} variant="light" size="sm" radius="xl" aria-hidden>
                      {NEUTRAL.has(finding.kind) ? <IconInfoCircle size={14} /> : <IconAlertTriangle size={14} />}
                    </ThemeIcon>
                  }
                >
                  <FindingText finding={finding} names={names} evidence={data!} />
                </List.Item>
              ))}
            </List>
          )}
          <Text size="xs" c="dimmed">
            {t('evidence.inform')}
          </Text>
          <List spacing={6} size="sm" listStyleType="none" aria-label={t('evidence.photos')}>
            {data!.photos.map((photo) => (
              <PhotoFacts key={photo.fileId} photo={photo} name={names.get(photo.fileId)!} />
            ))}
          </List>
        </Stack>
      )}
    </section>
  );
}
