import { PasswordInput, Progress, Stack, Text, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '@contract/account-rules';
import { passwordStrength } from '@contract/password-rules';

const COLORS = ['red', 'orange', 'yellow', 'teal', 'green'] as const;
const WORDS = ['tooWeak', 'weak', 'fair', 'good', 'strong'] as const;

/**
 * The contract's 0–4 strength of a new password as a bar and a word. The word is what
 * screen readers hear, politely, as the user types; the bar only repeats it.
 */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation();
  if (!password) return null;
  const score = passwordStrength(password);
  return (
    <Stack gap={4}>
      <Progress value={Math.max(score, 0.4) * 25} color={COLORS[score]} size="sm" aria-hidden />
      <Text size="sm" aria-live="polite">
        {t('password.strength')}{' '}
        <Text span fw={600} size="sm">
          {t(`password.${WORDS[score]}`)}
        </Text>
      </Text>
    </Stack>
  );
}

type FieldProps = Omit<PasswordInputProps, 'label'>;

/**
 * A new password with its rules and strength, then its confirmation: the same pair on the
 * register, reset and change-password forms. Pass each field's form input props.
 */
export function NewPasswordFields({
  label,
  password,
  passwordProps,
  confirmProps,
  autoFocus,
}: {
  label: string;
  password: string;
  passwordProps: FieldProps;
  confirmProps: FieldProps;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Stack gap={6}>
        <PasswordInput
          label={label}
          description={t('password.rulesHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          required
          autoFocus={autoFocus}
          {...passwordProps}
        />
        <PasswordStrength password={password} />
      </Stack>
      <PasswordInput label={t('password.confirm')} autoComplete="new-password" required {...confirmProps} />
    </>
  );
}
