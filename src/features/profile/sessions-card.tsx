import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MySession } from '@contract';
import { ErrorState } from '@/components/error-state';
import { readFailure, commonFailureMessage } from '@/lib/api-failure';
import { formatDateTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';
import { meQueries, useEndSessions } from './api';
import { SectionCard } from './section-card';

/** The user's live sessions: where each signed in from and when it was last seen; sign out any other, or all of them. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useQuery(meQueries.sessions());
  const endSessions = useEndSessions();
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  const end = async (session: MySession | null) => {
    try {
      await endSessions.mutateAsync(session?.id ?? null);
      void toast.success(session ? t('profile.sessionEnded', { browser: browserName(session) }) : t('profile.othersEnded'));
    } catch (error) {
      void toast.error(commonFailureMessage(await readFailure(error), t, t('profile.sessionEndFailed')));
    }
  };
  const browserName = (session: MySession) => session.browser ?? t('profile.unknownBrowser');

  return (
    <SectionCard title={t('profile.sessionsTitle')} hint={t('profile.sessionsHint')}>
      {sessions.isError && <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />}
      {sessions.isPending && (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('profile.sessionsLoading')}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      )}
      {sessions.data && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {sessions.data.map((session) => (
            <Group key={session.id} component="li" justify="space-between" gap="sm" align="flex-start">
              {/* Takes the line, so on a phone the button goes below instead of squeezing the dates. */}
              <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 240px' }}>
                <IconDeviceDesktop size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <div style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={500}>{browserName(session)}</Text>
                    {session.current && (
                      <Badge size="sm" variant="light">
                        {t('profile.thisSession')}
                      </Badge>
                    )}
                  </Group>
                  {[
                    session.address ?? t('profile.unknownAddress'),
                    t('profile.signedInAt', { when: formatDateTime(session.signedInAt) }),
                    t('profile.lastSeenAt', { when: formatDateTime(session.lastSeenAt) }),
                  ].map((fact) => (
                    <Text key={fact} size="sm" c="dimmed">
                      {fact}
                    </Text>
                  ))}
                </div>
              </Group>
              {!session.current && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void end(session)}
                  loading={endSessions.isPending && endSessions.variables === session.id}
                  aria-label={t('profile.endSessionOf', { browser: browserName(session), lastSeen: formatDateTime(session.lastSeenAt) })}
                  style={{ flexShrink: 0 }}
                >
                  {t('profile.endSession')}
                </Button>
              )}
            </Group>
          ))}
          {others.length === 0 && (
            <Text size="sm" c="dimmed" component="li">
              {t('profile.noOtherSessions')}
            </Text>
          )}
        </Stack>
      )}
      {others.length > 0 && (
        <Group justify="flex-end">
          <Button
            variant="light"
            color="red"
            onClick={() => void end(null)}
            loading={endSessions.isPending && endSessions.variables === null}
          >
            {t('profile.endOtherSessions')}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
