import { Box, Fieldset, Group, Mark, NumberInput, SimpleGrid, Stack, Switch, Text, type TextareaProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Formula, FormulaInput, FormulaUpdate } from '@contract';
import { QTY_MAX } from '@contract/complaint-rules';
import { FORMULA_DESCRIPTION_MAX, FORMULA_NAME_MAX, MONEY_MAX, REPEAT_COUNT_MAX } from '@contract/formula-fields';
import {
  checkFormula,
  FORMULA_FUNCTIONS,
  FORMULA_MAX_LENGTH,
  FORMULA_VARIABLES,
  formulaAmount,
  PREVIEW_VALUES,
  type FormulaError,
  type FormulaValues,
} from '@domain/formula';
import { FormActions, useCatalogueSave } from '@/components/catalogue/catalogue-form';
import { FormAlert } from '@/components/form-alert';
import { LimitedTextInput, LimitedTextarea } from '@/components/limited-text';
import type { useCatalogueMutations } from '@/lib/catalogue-queries';
import { formatMoney } from '@/lib/money';
import { useLiveForm } from '@/lib/use-live-form';

/** A refusal of domain/formula.ts in the reader's language, with the character it points at. */
export function formulaErrorText(t: TFunction, error: FormulaError): string {
  const { code, params } = error;
  const words =
    code === 'arity' && params.min === params.max
      ? t('formulas.errors.arityExact', { name: params.name, count: params.min })
      : t(`formulas.errors.${code}`, params);
  return `${words} ${t('formulas.atCharacter', { n: error.position + 1 })}`;
}

/** How far the fault runs from its first character: a whole name, a whole operator, else one character. */
function faultEnd(text: string, position: number): number {
  const run = /^[\w$]/.test(text.slice(position)) ? /^[\w$]+/ : /^[<>=!&|*%^~?]/.test(text.slice(position)) ? /^[<>=!&|*%^~?]+/ : /^[\s\S]/;
  return position + (run.exec(text.slice(position))?.[0].length ?? 0);
}

/** The expression again, the name or sign at fault marked (a space marks its end). */
function FaultMarker({ text, position }: { text: string; position: number }) {
  const end = faultEnd(text, position);
  return (
    <Box
      component="pre"
      aria-hidden
      fz="sm"
      ff="monospace"
      m={0}
      p="xs"
      bg="var(--mantine-color-gray-light)"
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', borderRadius: 4 }}
    >
      {text.slice(0, position)}
      <Mark
        fw={700}
        style={{ background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)', textDecoration: 'underline wavy' }}
      >
        {text.slice(position, end) || ' '}
      </Mark>
      {text.slice(end)}
    </Box>
  );
}

type PreviewInput = Record<keyof FormulaValues, number | string>;

/** What the formula gives for sample values, as the expression is typed: the same evaluator as the server. */
function FormulaPreview({ expression }: { expression: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<PreviewInput>({ ...PREVIEW_VALUES });
  const set = (name: keyof FormulaValues) => (value: number | string) => setValues((v) => ({ ...v, [name]: value }));
  const complete = Object.values(values).every((v) => v !== '' && Number.isFinite(Number(v)));
  const checked = checkFormula(expression);
  const outcome =
    complete && checked.ok
      ? formulaAmount(checked.value, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) as unknown as FormulaValues)
      : null;
  return (
    <Fieldset legend={t('formulas.preview')}>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <NumberInput
          label="qty"
          description={t('formulas.variables.qty')}
          min={0}
          max={QTY_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={values.qty}
          onChange={set('qty')}
        />
        <NumberInput
          label="rate"
          description={t('formulas.variables.rate')}
          min={0}
          max={MONEY_MAX}
          decimalScale={2}
          allowNegative={false}
          value={values.rate}
          onChange={set('rate')}
        />
        <NumberInput
          label="contractValue"
          description={t('formulas.variables.contractValue')}
          min={0}
          max={MONEY_MAX}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={values.contractValue}
          onChange={set('contractValue')}
        />
        <NumberInput
          label="repeatCount"
          description={t('formulas.variables.repeatCount')}
          min={0}
          max={REPEAT_COUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={values.repeatCount}
          onChange={set('repeatCount')}
        />
      </SimpleGrid>
      <Group mt="md" gap="xs" align="baseline" aria-live="polite">
        <Text size="sm">{t('formulas.previewResult')}</Text>
        {outcome?.ok ? (
          <Text size="lg" fw={700} data-testid="formula-preview-result">
            {t('formulas.amount', { amount: formatMoney(outcome.value) })}
          </Text>
        ) : (
          <Text size="sm" c={outcome ? 'var(--mantine-color-error)' : 'dimmed'} data-testid="formula-preview-result">
            {outcome ? formulaErrorText(t, outcome.error) : t('formulas.previewNone')}
          </Text>
        )}
      </Group>
    </Fieldset>
  );
}

/**
 * The expression field of Manage Formula: monospace, the variables and functions named under
 * it, and the name or sign at fault marked below it when `fault` says it does not check.
 */
function ExpressionField({
  expression,
  fault,
  required = false,
  inputProps,
}: {
  expression: string;
  fault: ReturnType<typeof checkFormula> | null;
  required?: boolean;
  inputProps: TextareaProps;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <LimitedTextarea
        label={t('formulas.expression')}
        description={t('formulas.expressionHint', {
          variables: FORMULA_VARIABLES.join(', '),
          functions: FORMULA_FUNCTIONS.map((f) => `${f}()`).join(', '),
        })}
        placeholder={SAMPLE_EXPRESSION}
        required={required}
        autosize
        minRows={2}
        maxLength={FORMULA_MAX_LENGTH}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...inputProps}
        value={expression}
      />
      {fault && !fault.ok && <FaultMarker text={expression} position={fault.error.position} />}
    </Stack>
  );
}

/** An expression to start from: doubled from the third repeat, at least one unit. */
const SAMPLE_EXPRESSION = 'if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)';

/**
 * The formula field on its own, with its preview, for the Design System's Plugins page: the
 * same field, checks and evaluator as Manage Formula, with nothing to save.
 */
export function FormulaPlayground() {
  const { t } = useTranslation();
  const [expression, setExpression] = useState(SAMPLE_EXPRESSION);
  const checked = checkFormula(expression);
  return (
    <Stack gap="md">
      <ExpressionField
        expression={expression}
        fault={checked}
        inputProps={{
          value: expression,
          onChange: (event) => setExpression(event.currentTarget.value),
          error: checked.ok ? null : formulaErrorText(t, checked.error),
        }}
      />
      <FormulaPreview expression={expression} />
    </Stack>
  );
}

interface FormulaFormProps {
  current: Formula | null;
  mutations: ReturnType<typeof useCatalogueMutations<Formula, FormulaInput, FormulaUpdate>>;
  onDone: () => void;
}

export function FormulaForm({ current, mutations, onDone }: FormulaFormProps) {
  const { t } = useTranslation();
  const { form, onSubmit, showServerErrors } = useLiveForm<{ name: string; description: string; expression: string; active: boolean }>({
    initialValues: {
      name: current?.name ?? '',
      description: current?.description ?? '',
      expression: current?.expression ?? '',
      active: current?.active ?? true,
    },
    validate: {
      name: (value) =>
        !value.trim()
          ? t('catalogue.nameRequired')
          : value.trim().length > FORMULA_NAME_MAX
            ? t('validation.tooLong', { max: FORMULA_NAME_MAX })
            : null,
      description: (value) =>
        value.trim().length > FORMULA_DESCRIPTION_MAX ? t('validation.tooLong', { max: FORMULA_DESCRIPTION_MAX }) : null,
      expression: (value) => {
        const checked = checkFormula(value);
        return checked.ok ? null : formulaErrorText(t, checked.error);
      },
    },
  });
  const { formError, save, saving } = useCatalogueSave({ current, ...mutations, nameOf: (saved) => saved.name, showServerErrors, onDone });
  const submit = onSubmit((v) =>
    save({ name: v.name.trim(), description: v.description.trim(), expression: v.expression, active: v.active }),
  );
  const expression = form.values.expression;
  const fault = form.errors.expression ? checkFormula(expression) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <LimitedTextInput label={t('formulas.name')} required maxLength={FORMULA_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
        <LimitedTextarea
          label={t('catalogue.description')}
          autosize
          minRows={1}
          maxLength={FORMULA_DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <ExpressionField expression={expression} fault={fault} required inputProps={form.getInputProps('expression')} />
        <FormulaPreview expression={expression} />
        <Switch
          label={t('catalogue.activeSwitch')}
          description={t('formulas.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} saving={saving} />
      </Stack>
    </form>
  );
}
