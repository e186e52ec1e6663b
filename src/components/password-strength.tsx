import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordStrength } from '@contract/account-rules';

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
