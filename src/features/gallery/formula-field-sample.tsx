import { Group, Stack, Text, Textarea } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFormula, FORMULA_FUNCTIONS, FORMULA_MAX_LENGTH, FORMULA_VARIABLES, formulaAmount, PREVIEW_VALUES, type FormulaError } from '@domain/formula';
import { formatMoney } from '@/lib/money';

const SAMPLE = 'if(repeatCount >= 3, 2, 1) * rate * max(qty, 1)';

/** How the formulas screen words a refusal (handed in by the route: it is that feature's). */
export type DescribeFormulaError = (t: TFunction, error: FormulaError) => string;

/**
 * The formula field of Manage Formula: an expression checked as it is typed and its penalty
 * for the screen's sample values, worked out by the same evaluator as the server (domain/formula.ts).
 */
export function FormulaFieldSample({ describeError }: { describeError: DescribeFormulaError }) {
  const { t } = useTranslation();
  const [expression, setExpression] = useState(SAMPLE);
  const checked = checkFormula(expression);
  const outcome = checked.ok ? formulaAmount(checked.value, PREVIEW_VALUES) : checked;
  const error = outcome.ok ? null : describeError(t, outcome.error);
  return (
    <Stack gap="xs">
      <Textarea
        label={t('formulas.expression')}
        description={t('formulas.expressionHint', { variables: FORMULA_VARIABLES.join(', '), functions: FORMULA_FUNCTIONS.map((f) => `${f}()`).join(', ') })}
        autosize
        minRows={2}
        maxLength={FORMULA_MAX_LENGTH}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={expression}
        onChange={(event) => setExpression(event.currentTarget.value)}
        error={error}
      />
      <Text size="sm" c="dimmed">
        {t('gallery.plugins.sampleValues', { values: Object.entries(PREVIEW_VALUES).map(([name, value]) => `${name} = ${value}`).join(', ') })}
      </Text>
      <Group gap="xs" align="baseline" aria-live="polite">
        <Text size="sm">{t('formulas.previewResult')}</Text>
        <Text size="lg" fw={700} data-testid="formula-sample-result">
          {outcome.ok ? t('formulas.amount', { amount: formatMoney(outcome.value) }) : t('formulas.previewNone')}
        </Text>
      </Group>
    </Stack>
  );
}
