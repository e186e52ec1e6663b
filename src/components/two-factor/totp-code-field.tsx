import { Input, PinInput, Stack } from '@mantine/core';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@contract/account-rules';

interface TotpCodeFieldProps {
  /** What the code is; the authenticator app's code unless told. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when the last digit is typed: the form goes on without a click. */
  onComplete?: (value: string) => void;
  error?: string | null;
  /** Boxes marked wrong without a message of their own (the form says why elsewhere). */
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

/** Six digits, one box each (an authenticator app's code, or a mailed one), filled by the keyboard or a paste. */
export function TotpCodeField({ label, value, onChange, onComplete, error, invalid = false, ref, autoFocus = true }: TotpCodeFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Input.Label id={labelId} required>
        {label ?? t('twoFactor.codeLabel')}
      </Input.Label>
      <PinInput
        ref={ref}
        length={OTP_LENGTH}
        size="md"
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        value={value}
        error={!!error || invalid}
        aria-labelledby={labelId}
        getInputProps={(index) => ({
          'aria-label': t('otp.digit', { n: index + 1, of: OTP_LENGTH }),
          'aria-describedby': error ? `${labelId}-error` : undefined,
          // A dialog's focus trap starts on the first box too.
          'data-autofocus': (autoFocus && index === 0) || undefined,
        })}
        onChange={(next) => {
          onChange(next);
          if (next.length === OTP_LENGTH) onComplete?.(next);
        }}
      />
      {error && <Input.Error id={`${labelId}-error`}>{error}</Input.Error>}
    </Stack>
  );
}
