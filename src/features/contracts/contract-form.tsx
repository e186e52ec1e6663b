import { Code, Group, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@/components/calendar-locale';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractInput, ContractUpdate, Formula } from '@contract';
import {
  CONTRACT_NO_MAX,
  CONTRACT_TITLE_MAX,
  DEFAULT_JUSTIFICATION_DAYS,
  JUSTIFICATION_DAYS_MAX,
  JUSTIFICATION_DAYS_MIN,
} from '@contract/contract-fields';
import { MONEY_MAX } from '@contract/formula-fields';
import { FormActions, useCatalogueSave } from '@/components/catalogue/catalogue-form';
import { useCalendarProps } from '@/components/calendar-props';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput } from '@/components/limited-text';
import { catalogueQueries, useChoices, type useCatalogueMutations } from '@/lib/catalogue-queries';
import { formatMoney } from '@/lib/money';
import { typeOfOffenceQueries } from '@/lib/type-of-offence-queries';
import { useLiveForm } from '@/lib/use-live-form';

/** A NumberInput's value as money for the API ("150.00"); its two-place input is exact. */
const money = (value: number | string) => Number(value).toFixed(2);
const isAmount = (value: number | string) => value !== '' && Number.isFinite(Number(value)) && Number(value) >= 0;

interface ContractFormProps {
  current: Contract | null;
  mutations: ReturnType<typeof useCatalogueMutations<Contract, ContractInput, ContractUpdate>>;
  onDone: () => void;
}

type Values = {
  contractNo: string;
  title: string;
  organizationId: string | null;
  zoneId: string | null;
  startDate: string | null;
  endDate: string | null;
  value: number | string;
  formulaId: string | null;
  justificationDays: number | string;
  rates: Record<string, number | string>;
};

export function ContractForm({ current, mutations, onDone }: ContractFormProps) {
  const { t } = useTranslation();
  const calendar = useCalendarProps();
  const organizations = useChoices('organizations');
  const zones = useChoices('zones');
  const formulas = useChoices('formulas');
  const formulaRows = useQuery(catalogueQueries.everything<Formula>('formulas'));
  const offenceTypes = useQuery(typeOfOffenceQueries.list());
  const ownRate = (typeId: number) => current?.rates.find((r) => r.typeOfOffenceId === typeId)?.rate;
  // Active types, and any type the contract rates already.
  const rated = (offenceTypes.data ?? []).filter((type) => type.isActive || ownRate(type.id) !== undefined);

  const { form, onSubmit, showServerErrors } = useLiveForm<Values>({
    initialValues: {
      contractNo: current?.contractNo ?? '',
      title: current?.title ?? '',
      organizationId: current ? String(current.organizationId) : null,
      zoneId: current?.zoneId ? String(current.zoneId) : null,
      startDate: current?.startDate ?? null,
      endDate: current?.endDate ?? null,
      value: current?.value ?? '',
      formulaId: current?.formulaId ? String(current.formulaId) : null,
      justificationDays: current?.justificationDays ?? DEFAULT_JUSTIFICATION_DAYS,
      rates: Object.fromEntries((current?.rates ?? []).map((r) => [String(r.typeOfOffenceId), r.rate])),
    },
    validate: {
      contractNo: (v) =>
        !v.trim()
          ? t('contracts.contractNoRequired')
          : v.trim().length > CONTRACT_NO_MAX
            ? t('validation.tooLong', { max: CONTRACT_NO_MAX })
            : null,
      title: (v) =>
        !v.trim()
          ? t('contracts.titleRequired')
          : v.trim().length > CONTRACT_TITLE_MAX
            ? t('validation.tooLong', { max: CONTRACT_TITLE_MAX })
            : null,
      organizationId: (v) => (v ? null : t('contracts.contractorRequired')),
      startDate: (v) => (v ? null : t('contracts.startRequired')),
      endDate: (v, all) => (!v ? t('contracts.endRequired') : all.startDate && v < all.startDate ? t('contracts.endBeforeStart') : null),
      value: (v) => (isAmount(v) ? null : t('contracts.valueRequired')),
      formulaId: (v) => (v ? null : t('contracts.formulaRequired')),
      justificationDays: (v) =>
        Number.isInteger(Number(v)) && Number(v) >= JUSTIFICATION_DAYS_MIN && Number(v) <= JUSTIFICATION_DAYS_MAX
          ? null
          : t('contracts.daysRange'),
    },
    dependents: { startDate: ['endDate'] },
  });

  const { formError, save, saving } = useCatalogueSave({
    current,
    ...mutations,
    nameOf: (saved) => saved.contractNo,
    showServerErrors,
    onDone,
  });
  const rateOf = (typeId: number, defaultRate: number) => form.values.rates[String(typeId)] ?? ownRate(typeId) ?? defaultRate.toFixed(2);
  const submit = onSubmit((v) => {
    const rates = rated.map((type) => ({ typeOfOffenceId: type.id, rate: rateOf(type.id, type.defaultRate) }));
    const invalid = rates.find((r) => !isAmount(r.rate));
    if (invalid) {
      form.setFieldError('rates', t('contracts.rateRequired'));
      return;
    }
    return save({
      contractNo: v.contractNo.trim(),
      title: v.title.trim(),
      organizationId: Number(v.organizationId),
      zoneId: v.zoneId ? Number(v.zoneId) : null,
      startDate: v.startDate!,
      endDate: v.endDate!,
      value: money(v.value),
      formulaId: Number(v.formulaId),
      justificationDays: Number(v.justificationDays),
      rates: rates.map((r) => ({ ...r, rate: money(r.rate) })),
    });
  });
  const formula = formulaRows.data?.find((f) => String(f.id) === form.values.formulaId);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LimitedTextInput
            label={t('contracts.contractNo')}
            required
            maxLength={CONTRACT_NO_MAX}
            data-autofocus
            {...form.getInputProps('contractNo')}
          />
          <Select
            label={t('contracts.contractor')}
            required
            searchable
            data={organizations.options(current?.organizationId)}
            {...form.getInputProps('organizationId')}
          />
        </SimpleGrid>
        <LimitedTextInput label={t('contracts.title')} required maxLength={CONTRACT_TITLE_MAX} {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label={t('contracts.zone')} clearable data={zones.options(current?.zoneId)} {...form.getInputProps('zoneId')} />
          <DatePickerInput
            label={t('contracts.startDate')}
            required
            valueFormat="DD-MM-YYYY"
            {...calendar}
            {...form.getInputProps('startDate')}
          />
          <DatePickerInput
            label={t('contracts.endDate')}
            required
            valueFormat="DD-MM-YYYY"
            minDate={form.values.startDate ?? undefined}
            {...calendar}
            {...form.getInputProps('endDate')}
          />
          <NumberInput
            label={t('contracts.value')}
            required
            min={0}
            max={MONEY_MAX}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            allowNegative={false}
            leftSection="RM"
            {...form.getInputProps('value')}
          />
          <NumberInput
            label={t('contracts.justificationDays')}
            description={t('contracts.justificationDaysHint')}
            required
            min={JUSTIFICATION_DAYS_MIN}
            max={JUSTIFICATION_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('justificationDays')}
          />
          <Select
            label={t('contracts.formula')}
            required
            data={formulas.options(current?.formulaId)}
            {...form.getInputProps('formulaId')}
          />
        </SimpleGrid>
        {formula && (
          <Text size="sm">
            {t('contracts.formulaIs')} <Code>{formula.expression}</Code>
          </Text>
        )}
        <Stack gap={4}>
          <Text fw={500} size="sm" id="contract-rates-label">
            {t('contracts.rates')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('contracts.ratesHint')}
          </Text>
          <FormAlert message={typeof form.errors.rates === 'string' ? form.errors.rates : null} />
          <Table.ScrollContainer minWidth={420}>
            <Table aria-labelledby="contract-rates-label" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('contracts.offenceType')}</Table.Th>
                  <Table.Th ta="right">{t('contracts.defaultRate')}</Table.Th>
                  <Table.Th w={180}>{t('contracts.contractRate')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rated.map((type) => (
                  <Table.Tr key={type.id}>
                    <Table.Td>{type.name}</Table.Td>
                    <Table.Td ta="right">{formatMoney(type.defaultRate.toFixed(2))}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <NumberInput
                          aria-label={t('contracts.rateOf', { name: type.name })}
                          size="xs"
                          min={0}
                          max={MONEY_MAX}
                          decimalScale={2}
                          fixedDecimalScale
                          allowNegative={false}
                          value={rateOf(type.id, type.defaultRate)}
                          onChange={(value) => form.setFieldValue('rates', { ...form.values.rates, [String(type.id)]: value })}
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
