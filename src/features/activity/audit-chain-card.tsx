import { Badge, Button, Code, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditChain, AuditChainResponse } from '@contract';
import { apiPaths } from '@contract/paths';
import { ErrorState } from '@/components/error-state';
import { api } from '@/lib/api-client';
import { auditQueries } from '@/lib/audit-queries';
import { formatDateTime } from '@/lib/date-format';
import { toast } from '@/lib/toast';

/*
 * The head of the audit trail's hash chain (issue 35), for administrators to write down or hand
 * to an auditor: later, the same head proves nothing up to it was altered or removed. With the
 * last check of the whole chain, and a way to check it now.
 */

const chainQuery = {
  queryKey: [...auditQueries.all(), 'chain'],
  queryFn: async (): Promise<AuditChain> => (await api.get(apiPaths.auditChain).json<AuditChainResponse>()).data,
};

function CheckBadge({ chain }: { chain: AuditChain }) {
  const { t } = useTranslation();
  if (chain.verifiedAt === null)
    return (
      <Badge color="gray.7" variant="filled">
        {t('auditChain.neverChecked')}
      </Badge>
    );
  if (chain.verifiedBreak !== null)
    return (
      <Badge color="red.9" variant="filled">
        {t('auditChain.broken')}
      </Badge>
    );
  const checked = chain.verifiedSeq ?? 0;
  // Events written since the check are not vouched for: neutral until a check covers them.
  if (checked < chain.seq)
    return (
      <Badge color="gray.7" variant="filled" h="auto" radius="sm" styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}>
        {t('auditChain.wholeUpTo', { upTo: checked, count: chain.seq - checked })}
      </Badge>
    );
  return (
    <Badge color="teal.9" variant="filled">
      {t('auditChain.whole')}
    </Badge>
  );
}

export function AuditChainCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const queryClient = useQueryClient();
  const chain = useQuery(chainQuery);
  const check = useMutation({
    mutationFn: async () => (await api.post(apiPaths.auditChainCheck).json<AuditChainResponse>()).data,
    onSuccess: (checked) => {
      queryClient.setQueryData(chainQuery.queryKey, checked);
      if (checked.verifiedBreak === null) void toast.success(t('auditChain.checkedWhole', { count: checked.verifiedSeq ?? 0 }));
      else void toast.error(t('auditChain.checkedBroken'));
    },
    onError: () => void toast.error(t('auditChain.checkFailed')),
  });
  const data = chain.data;

  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <IconShieldCheck size={18} aria-hidden />
            <Title order={2} size="h5" id={headingId}>
              {t('auditChain.title')}
            </Title>
            {data && <CheckBadge chain={data} />}
          </Group>
          {chain.isPending ? (
            <Skeleton height={14} width="60%" aria-label={t('auditChain.loading')} />
          ) : chain.isError ? (
            <ErrorState
              error={chain.error}
              title={t('auditChain.loadFailed')}
              onRetry={() => void chain.refetch()}
              retrying={chain.isFetching}
            />
          ) : (
            <>
              <Text size="sm">{t('auditChain.head', { count: data!.seq })}</Text>
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={t('auditChain.hash')}>
                {data!.hash}
              </Code>
              <Text size="xs" c="dimmed">
                {data!.verifiedAt === null
                  ? t('auditChain.notYet')
                  : t('auditChain.lastChecked', { at: formatDateTime(data!.verifiedAt), count: data!.verifiedSeq ?? 0 })}
              </Text>
              {data!.verifiedBreak !== null && (
                <Text size="sm" c="red" role="alert">
                  {data!.verifiedBreak}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {t('auditChain.keep')}
              </Text>
            </>
          )}
        </Stack>
        <Button variant="default" onClick={() => check.mutate()} loading={check.isPending} disabled={!data}>
          {t('auditChain.checkNow')}
        </Button>
      </Group>
    </Paper>
  );
}
