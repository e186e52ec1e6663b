import { Select, Stack, Text } from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import '@/components/calendar-locale';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClaimRecordDetail, Contract } from '@contract';
import { PAYMENT_REFERENCE_MAX } from '@contract/claim-record-fields';
import { FormActions } from '@/components/catalogue/catalogue-form';
import { useCalendarProps } from '@/components/calendar-props';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput } from '@/components/limited-text';
import { readFailure } from '@/lib/api-failure';
import { catalogueQueries } from '@/lib/catalogue-queries';
import { useLiveForm } from '@/lib/use-live-form';
import type { useClaimMutations } from './api';
import { claimFailureMessage, dayLabel, ringgit } from './claim-words';

type Mutations = ReturnType<typeof useClaimMutations>;

/** Last month, `YYYY-MM`: what a claim usually bills. */
const lastMonth = () => dayjs().subtract(1, 'month').format('YYYY-MM');

/** Generate: a contract and a month; the draft opens once made. */
export function GenerateClaimForm({
  generate,
  onGenerated,
  onCancel,
}: {
  generate: Mutations['generate'];
  onGenerated: (record: ClaimRecordDetail) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendarProps();
  const contracts = useQuery(catalogueQueries.everything<Contract>('contracts'));
  const options = (contracts.data ?? []).map((c) => ({ value: String(c.id), label: `${c.contractNo} — ${c.title}` }));
  const [formError, setFormError] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useLiveForm<{ contractId: string | null; month: string | null }>({
    initialValues: { contractId: null, month: `${lastMonth()}-01` },
    validate: {
      contractId: (v) => (v ? null : t('claims.contractRequired')),
      month: (v) => (v ? null : t('claims.monthRequired')),
    },
  });
  const submit = onSubmit(async (v) => {
    setFormError(null);
    const body = { contractId: Number(v.contractId), month: v.month!.slice(0, 7) };
    try {
      onGenerated(await generate.mutateAsync(body));
    } catch (failed) {
      const failure = await readFailure(failed);
      if (showServerErrors(failure.fieldErrors)) return;
      const contractNo = contracts.data?.find((c) => c.id === body.contractId)?.contractNo ?? '';
      setFormError(
        claimFailureMessage(failure, t, { contractNo, month: body.month, language: i18n.resolvedLanguage }, t('claims.generateFailed')),
      );
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('claims.generateHint')}
        </Text>
        <FormAlert message={formError} />
        <Select
          label={t('claims.contract')}
          required
          searchable
          nothingFoundMessage={t('claims.noContract')}
          data={options}
          {...form.getInputProps('contractId')}
        />
        <MonthPickerInput
          label={t('claims.month')}
          required
          valueFormat="MMMM YYYY"
          maxDate={dayjs().format('YYYY-MM-DD')}
          locale={calendar.locale}
          ariaLabels={calendar.ariaLabels}
          {...form.getInputProps('month')}
        />
        <FormActions onCancel={onCancel} saving={generate.isPending} saveLabel={t('claims.generate')} />
      </Stack>
    </form>
  );
}

/** Mark paid: the day the money arrived (on or after the issue, not in the future) and its reference. */
export function PayClaimForm({
  record,
  pay,
  onPaid,
  onCancel,
}: {
  record: ClaimRecordDetail;
  pay: Mutations['pay'];
  onPaid: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const calendar = useCalendarProps();
  const [formError, setFormError] = useState<string | null>(null);
  const today = dayjs().format('YYYY-MM-DD');
  const { form, onSubmit, showServerErrors } = useLiveForm<{ paidOn: string | null; reference: string }>({
    initialValues: { paidOn: today < record.issuedOn! ? record.issuedOn : today, reference: '' },
    validate: {
      paidOn: (v) =>
        !v ? t('claims.paidOnRequired') : v < record.issuedOn! ? t('claims.paidBeforeIssue', { day: dayLabel(record.issuedOn) }) : null,
      reference: (v) =>
        !v.trim()
          ? t('claims.referenceRequired')
          : v.trim().length > PAYMENT_REFERENCE_MAX
            ? t('validation.tooLong', { max: PAYMENT_REFERENCE_MAX })
            : null,
    },
  });
  const submit = onSubmit(async (v) => {
    setFormError(null);
    try {
      await pay.mutateAsync({ id: record.id, payment: { paidOn: v.paidOn!, reference: v.reference.trim() } });
      onPaid();
    } catch (failed) {
      const failure = await readFailure(failed);
      if (showServerErrors(failure.fieldErrors)) return;
      setFormError(
        claimFailureMessage(
          failure,
          t,
          { contractNo: record.contract.contractNo, month: record.month, language: i18n.resolvedLanguage },
          t('claims.payFailed'),
        ),
      );
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('claims.payHint', { invoiceNo: record.invoiceNo, total: ringgit(record.total) })}</Text>
        <FormAlert message={formError} />
        <DatePickerInput
          label={t('claims.paidOn')}
          required
          valueFormat="DD-MM-YYYY"
          minDate={record.issuedOn!}
          maxDate={today}
          {...calendar}
          {...form.getInputProps('paidOn')}
        />
        <LimitedTextInput
          label={t('claims.reference')}
          description={t('claims.referenceHint')}
          required
          maxLength={PAYMENT_REFERENCE_MAX}
          data-autofocus
          {...form.getInputProps('reference')}
        />
        <FormActions onCancel={onCancel} saving={pay.isPending} saveLabel={t('claims.markPaid')} />
      </Stack>
    </form>
  );
}
