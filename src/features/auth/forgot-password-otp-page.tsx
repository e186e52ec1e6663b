import { Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '@contract/account-rules';
import { FormAlert } from '@/components/form-alert';
import { PublicPage } from '@/components/public-page';
import { TotpCodeField } from '@/components/two-factor/totp-code-field';
import { AnchorLink, ButtonLink } from '@/components/router-links';
import { commonFailureMessage, readFailure } from '@/lib/api-failure';
import { useForgotPassword, useVerifyOtp } from './account-api';
import { keepResetGrant } from './reset-grant';
import { useCountdown } from './use-countdown';

type Notice = { tone: 'error' | 'success'; text: string };

/**
 * `/forgot-password-otp?email=…`: the 6-digit code from the mail, traded for a reset
 * token that goes on to `/reset-password` outside the address bar. A new code may be
 * asked for `OTP_RESEND_SECONDS` after the last one was sent.
 */
export function ForgotPasswordOtpPage({ email }: { email?: string }) {
  const { t } = useTranslation();
  if (!email) {
    return (
      <PublicPage title={t('otp.title')}>
        <Text>{t('otp.noEmail')}</Text>
        <ButtonLink to="/forgot-password">{t('otp.askForCode')}</ButtonLink>
      </PublicPage>
    );
  }
  return <CodeForm email={email} />;
}

function CodeForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labelId = useId();
  const firstBox = useRef<HTMLInputElement>(null);
  const verifying = useRef(false);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const verifyOtp = useVerifyOtp();
  const forgotPassword = useForgotPassword();
  const resend = useCountdown(OTP_RESEND_SECONDS);

  function startOver() {
    setCode('');
    firstBox.current?.focus();
  }

  async function verify(value: string) {
    if (verifying.current) return;
    verifying.current = true;
    setNotice(null);
    try {
      const grant = await verifyOtp.mutateAsync({ email, code: value });
      keepResetGrant({ ...grant, email });
      await navigate({ to: '/reset-password' });
    } catch (error) {
      const failure = await readFailure(error);
      if (failure.kind === 'codeInvalid' && (failure.problem?.attemptsLeft ?? 1) > 0) {
        setNotice({ tone: 'error', text: t('otp.wrongCode', { count: failure.problem?.attemptsLeft ?? 1 }) });
      } else if (failure.kind === 'codeInvalid' || failure.kind === 'codeExpired') {
        // This code is spent: asking for the next one is the only way on, so allow it now.
        resend.finish();
        setNotice({ tone: 'error', text: t('otp.codeExpired', { minutes: OTP_TTL_MINUTES }) });
      } else {
        setNotice({ tone: 'error', text: commonFailureMessage(failure, t, t('otp.failed')) });
      }
      startOver();
    } finally {
      verifying.current = false;
    }
  }

  async function sendAgain() {
    setNotice(null);
    try {
      await forgotPassword.mutateAsync({ email });
      resend.restart();
      setNotice({ tone: 'success', text: t('otp.resent', { email }) });
      startOver();
    } catch (error) {
      setNotice({ tone: 'error', text: commonFailureMessage(await readFailure(error), t, t('otp.resendFailed')) });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length < OTP_LENGTH) {
      // Boxes emptied by a refused code: the server's message is the one that says what to do.
      const refused = code === '' && notice?.tone === 'error';
      if (!refused) {
        setNotice(null);
        setIncomplete(true);
      }
      firstBox.current?.focus();
      return;
    }
    setIncomplete(false);
    void verify(code);
  }

  return (
    <PublicPage title={t('otp.title')} subtitle={t('otp.subtitle', { email, minutes: OTP_TTL_MINUTES })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {notice && <FormAlert message={notice.text} tone={notice.tone} />}
          <TotpCodeField
            ref={firstBox}
            label={t('otp.codeLabel')}
            value={code}
            onChange={setCode}
            onComplete={(value) => {
              setIncomplete(false);
              void verify(value);
            }}
            error={incomplete ? t('otp.incomplete', { length: OTP_LENGTH }) : null}
            invalid={notice?.tone === 'error'}
          />
          <Button type="submit" loading={verifyOtp.isPending} fullWidth>
            {t('otp.verify')}
          </Button>
          <Stack gap={4}>
            <Button
              variant="default"
              onClick={() => void sendAgain()}
              disabled={resend.remaining > 0}
              loading={forgotPassword.isPending}
              aria-describedby={resend.remaining > 0 ? `${labelId}-wait` : undefined}
              fullWidth
            >
              {t('otp.resend')}
            </Button>
            {resend.remaining > 0 && (
              <Text id={`${labelId}-wait`} size="sm" c="dimmed" ta="center">
                {t('otp.resendIn', { count: resend.remaining })}
              </Text>
            )}
          </Stack>
          <Group justify="space-between">
            <AnchorLink to="/forgot-password" search={{ email }} size="sm">
              {t('otp.otherEmail')}
            </AnchorLink>
            <AnchorLink to="/" size="sm">
              {t('common.backToSignIn')}
            </AnchorLink>
          </Group>
        </Stack>
      </form>
    </PublicPage>
  );
}
