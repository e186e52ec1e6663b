import { Alert, Button, Group, List, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX, type Decision } from '@contract/complaint-rules';
import { apiPaths } from '@contract/paths';
import type { Complaint, ComplaintListResponse } from '@contract';
import type { ProblemName } from '@domain/problems';
import { LimitedTextarea } from '@/components/limited-text';
import { GuardedModal } from '@/components/guarded-modal';
import { BULK_MAX } from '@/components/row-selection';
import { api } from '@/lib/api-client';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useReportUnsaved } from '@/lib/unsaved-scope';
import { complaintQueries, type ComplaintListParams } from './api';

/** What a verifier decides at once: the ticked complaints, or every one matching the list. */
export interface BulkDecision {
  decision: Decision;
  /** The ticked complaints; ignored when `allMatching`. */
  complaints: Complaint[];
  allMatching: boolean;
  /** How many match the list (what "all matching" stands for). */
  total: number;
  /** The list's filters, to fetch every matching complaint. */
  params: ComplaintListParams;
  /** Once anything was decided: the list lets its selection go. */
  onDecided: () => void;
}

interface Outcome {
  refNo: string;
  /** Why it was refused; null when done. */
  refused: string | null;
}

/**
 * Fine or waive several complaints with one remark. Each decision is its own call (its own
 * transaction on the server): one refused does not hold back the others, and the result lists
 * each, done or refused and why.
 */
export function BulkDecisionModal({ target, onClose }: { target: BulkDecision | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState(false);
  const count = target ? (target.allMatching ? target.total : target.complaints.length) : 0;
  const title = !target
    ? ''
    : finished
      ? t('bulk.resultTitle')
      : t(target.decision === 'fine' ? 'bulk.fineTitle' : 'bulk.waiveTitle', { count });
  return (
    <GuardedModal
      opened={target !== null}
      onClose={() => onClose(finished)}
      title={title}
      size="lg"
      closeOnClickOutside={false}
      // While the decisions go out, the dialog stays: closing it would not stop them.
      closeOnEscape={!running}
      withCloseButton={!running}
    >
      {target && (
        <BulkDecisionForm
          key={`${target.decision}-${target.complaints.map((c) => c.id).join(',')}-${target.allMatching}`}
          target={target}
          count={count}
          onRunning={setRunning}
          onFinished={() => setFinished(true)}
          onDone={() => onClose(finished)}
        />
      )}
    </GuardedModal>
  );
}

function BulkDecisionForm({
  target,
  count,
  onRunning,
  onFinished,
  onDone,
}: {
  target: BulkDecision;
  count: number;
  onRunning: (running: boolean) => void;
  onFinished: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [remark, setRemark] = useState('');
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooLong = remark.trim().length > REMARK_MAX;
  useReportUnsaved(remark.trim() !== '' && outcomes === null);
  const fine = target.decision === 'fine';

  async function complaintsToDecide(): Promise<Complaint[]> {
    if (!target.allMatching) return target.complaints;
    const { cursor: _place, ...params } = target.params;
    const answer = await api
      .get(apiPaths.complaints, { searchParams: { ...params, page: 1, limit: BULK_MAX } })
      .json<ComplaintListResponse>();
    return answer.data.items;
  }

  async function reasonOf(failed: unknown): Promise<string> {
    const failure = await readFailure(failed);
    const code = failure.problem?.code as ProblemName | undefined;
    if (code === 'verifyOwnComplaint') return t('decisions.verifyOwnForbidden');
    if (failure.status === 409) return t('decisions.alreadyDecided');
    if (failure.status === 403 && failure.problem?.detail) return failure.problem.detail;
    return commonFailureMessage(failure, t, failure.fieldErrors.remark ?? t('decisions.verifyFailed'));
  }

  async function run() {
    if (tooLong) return;
    setError(null);
    onRunning(true);
    try {
      const complaints = await complaintsToDecide();
      const results: Outcome[] = [];
      setProgress({ done: 0, of: complaints.length });
      for (const complaint of complaints) {
        try {
          await api.post(apiPaths.complaintVerify(complaint.id), { json: { decision: target.decision, remark: remark.trim() || null } });
          results.push({ refNo: complaint.refNo, refused: null });
        } catch (failed) {
          results.push({ refNo: complaint.refNo, refused: await reasonOf(failed) });
        }
        setProgress({ done: results.length, of: complaints.length });
      }
      setOutcomes(results);
      onFinished();
    } catch (failed) {
      // The matching complaints could not be fetched: nothing was decided.
      setError(commonFailureMessage(await readFailure(failed), t, t('bulk.fetchFailed')));
    } finally {
      onRunning(false);
      setProgress(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: complaintQueries.all() }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]);
    }
  }

  if (outcomes) return <BulkOutcomes decision={target.decision} outcomes={outcomes} onDone={onDone} />;

  const shown = target.allMatching ? [] : target.complaints.slice(0, 10);
  return (
    <Stack gap="md">
      <Text size="sm">
        {t(fine ? 'bulk.fineText' : 'bulk.waiveText', { count })} {t('bulk.eachOnItsOwn')}
      </Text>
      {shown.length > 0 && (
        <Text size="sm" fw={600}>
          {shown.map((c) => c.refNo).join(', ')}
          {target.complaints.length > shown.length && ` ${t('bulk.andMore', { count: target.complaints.length - shown.length })}`}
        </Text>
      )}
      <LimitedTextarea
        label={t('bulk.remark')}
        description={t('bulk.remarkHint')}
        value={remark}
        onChange={(e) => setRemark(e.currentTarget.value)}
        readOnly={progress !== null}
        autosize
        minRows={2}
        maxLength={REMARK_MAX}
        error={tooLong ? t('validation.tooLong', { max: REMARK_MAX }) : undefined}
      />
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {error}
        </Alert>
      )}
      {progress ? (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {t('bulk.progress', { done: progress.done, of: progress.of })}
          </Text>
          <Progress
            value={progress.of ? (100 * progress.done) / progress.of : 0}
            aria-label={t('bulk.progressLabel')}
            color={fine ? 'red' : 'green'}
          />
        </Stack>
      ) : (
        <>
          <Text size="sm" c="red">
            {t('decisions.finalHint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button color={fine ? 'red' : 'green'} onClick={() => void run()}>
              {t(fine ? 'bulk.fineButton' : 'bulk.waiveButton', { count })}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** What became of each: how many were decided, and each refusal with its reason. */
function BulkOutcomes({ decision, outcomes, onDone }: { decision: Decision; outcomes: Outcome[]; onDone: () => void }) {
  const { t } = useTranslation();
  const done = outcomes.filter((o) => o.refused === null);
  const refused = outcomes.filter((o) => o.refused !== null);
  return (
    <Stack gap="md">
      <Alert
        color={refused.length ? 'orange' : 'green'}
        icon={refused.length ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
        title={t(decision === 'fine' ? 'bulk.finedCount' : 'bulk.waivedCount', { count: done.length })}
        role="status"
      >
        {refused.length > 0 ? t('bulk.refusedCount', { count: refused.length }) : t('bulk.allDone')}
      </Alert>
      {refused.length > 0 && (
        <ScrollArea.Autosize mah={240} type="auto">
          <List size="sm" spacing={4} aria-label={t('bulk.refusedList')}>
            {refused.map((o) => (
              <List.Item key={o.refNo}>
                <Text span fw={600} size="sm">
                  {o.refNo}
                </Text>
                {`: ${o.refused}`}
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
      )}
      {done.length > 0 && (
        <Text size="sm" c="dimmed">
          {t(decision === 'fine' ? 'bulk.finedList' : 'bulk.waivedList', { refNos: done.map((o) => o.refNo).join(', ') })}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
