import dayjs from 'dayjs';
import { formatDay } from '@/lib/date-format';
import 'dayjs/locale/ms';
import type { TFunction } from 'i18next';
import type { ClaimStatus } from '@contract/claim-record-fields';
import { formatMoney } from '@/lib/money';
import type { Failure } from '@/lib/api-failure';
import { commonFailureMessage } from '@/lib/api-failure';

/** A claim's month, `2026-03`, as people say it: "March 2026" ("Mac 2026"). */
export const monthLabel = (month: string, language: string | undefined) =>
  dayjs(`${month}-01`)
    .locale(language === 'ms' ? 'ms' : 'en')
    .format('MMMM YYYY');

/** A calendar day, `2026-03-06`, as the screens show days: "06-03-2026" (one vocabulary for dates). */
export const dayLabel = formatDay;

/** Money in ringgit, "RM 1,250.00". */
export const ringgit = (amount: string) => `RM ${formatMoney(amount)}`;

/** Filled badges dark enough for white text (WCAG AA). */
export const CLAIM_STATUS_COLOR: Record<ClaimStatus, string> = { draft: 'gray.7', issued: 'blue.9', paid: 'teal.9' };

/** The codes of the claim problems a screen words itself, knowing the contract and month. */
const CLAIM_PROBLEMS = [
  'claimNothing',
  'claimExists',
  'claimNoFormula',
  'claimFormulaFailed',
  'claimNotDraft',
  'claimNotIssued',
  'claimNoIssuer',
] as const;

/**
 * What a failed claim move says, in the user's language: the claim problems worded here with
 * what the screen knows (the server's detail keeps the formula's own message), else the common words.
 */
export function claimFailureMessage(
  failure: Failure,
  t: TFunction,
  context: { contractNo?: string; month?: string; language?: string },
  fallback: string,
): string {
  const code = failure.problem?.code;
  if (code && (CLAIM_PROBLEMS as readonly string[]).includes(code)) {
    if (code === 'claimFormulaFailed') return failure.problem?.detail ?? fallback;
    return t(`claims.problems.${code}`, {
      contractNo: context.contractNo ?? '',
      month: context.month ? monthLabel(context.month, context.language) : '',
    });
  }
  return commonFailureMessage(failure, t, failure.status === 404 ? t('claims.gone') : fallback);
}
