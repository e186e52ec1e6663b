import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FULL_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX, PHONE_PATTERN } from '@contract/account-rules';
import { passwordIssue } from '@contract/password-rules';
import { emailIssue } from './email';

/**
 * The contract's account rules as form checks with translated messages: each answers the
 * message to show, or null. The server applies the same rules (contract/account-rules.ts).
 */
export function useAccountRules() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      email: (value: string) => {
        const issue = emailIssue(value);
        return issue === 'required' ? t('auth.emailRequired') : issue ? t('auth.emailInvalid') : null;
      },
      fullName: (value: string) => {
        const name = value.trim();
        if (!name) return t('validation.fullNameRequired');
        if (name.length > FULL_NAME_MAX) return t('validation.tooLong', { max: FULL_NAME_MAX });
        return null;
      },
      /** Optional: empty is fine. */
      phone: (value: string) => {
        const phone = value.trim();
        if (phone.length > PHONE_MAX) return t('validation.tooLong', { max: PHONE_MAX });
        if (!PHONE_PATTERN.test(phone)) return t('validation.phoneInvalid');
        return null;
      },
      /** A new password; `email` also rules out one that contains the e-mail's name. */
      newPassword: (value: string, email?: string) => {
        const issue = passwordIssue(value, email?.trim());
        return issue ? t(`validation.password.${issue}`, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : null;
      },
      confirmPassword: (value: string, password: string) => {
        if (!value) return t('validation.confirmRequired');
        return value === password ? null : t('validation.confirmMismatch');
      },
      required: (value: string, message: string) => (value ? null : message),
    }),
    [t],
  );
}
