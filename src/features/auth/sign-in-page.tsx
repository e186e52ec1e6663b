import { Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorChallenge, SecondFactorSession } from '@contract';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PublicPage } from '@/components/public-page';
import { AnchorLink } from '@/components/router-links';
import { emailIssue } from '@/lib/email';
import { isAppPath } from '@/lib/menu-path';
import { useApplyPreferences } from '@/lib/use-apply-preferences';
import { useRootStore } from '@/stores/root-store';
import { useSignIn } from './api';
import { takeFirstSignIn } from './first-sign-in';

// Only those who sign in with a second factor download its step (and the QR code's library).
const SecondFactorStep = lazy(() => import('./second-factor-step').then((m) => ({ default: m.SecondFactorStep })));

/*
 * The first page anyone loads, so it stays light: two fields checked by hand rather than
 * with @mantine/form, and the problem types (which share a module with the common-password
 * list) fetched only when a sign-in fails.
 */
async function signInErrorMessage(error: unknown, t: TFunction) {
  const { readFailure, commonFailureMessage } = await import('@/lib/api-failure');
  const failure = await readFailure(error);
  switch (failure.kind) {
    case 'invalidCredentials':
      return t('auth.invalidCredentials');
    case 'accountPending':
      return t('auth.accountPending');
    case 'accountDisabled':
      return t('auth.accountDisabled');
  }
  if (failure.status === 401) return t('auth.invalidCredentials');
  if (failure.status === 403) return failure.problem?.detail ?? failure.problem?.title ?? t('auth.signInFailed');
  return commonFailureMessage(failure, t, t('auth.signInFailed'));
}

interface SignInPageProps {
  /** Where to go once signed in: the page the user was sent away from. */
  redirect?: string;
  /** An e-mail to start with (from activation, registration or a reset), else the remembered one. */
  email?: string;
}

/** `/`: sign in, then go to the page the user was sent away from, or the dashboard. */
export function SignInPage({ redirect, email: givenEmail }: SignInPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remembered = useRootStore((s) => s.remember.value);
  const startEmail = givenEmail ?? remembered;
  const [email, setEmail] = useState(startEmail);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== '');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [challenge, setChallenge] = useState<SecondFactorChallenge['secondFactor'] | null>(null);
  const signIn = useSignIn();
  const applyPreferences = useApplyPreferences();
  const form = useRef<HTMLFormElement>(null);
  const rememberInput = useRef<HTMLInputElement>(null);

  // index.html's form, drawn before this code came, hands over what was typed, the caret and a
  // press of Sign in, in the frame this form first appears (read then, not at render, so no key
  // pressed while the app rendered is lost).
  useLayoutEffect(() => {
    const first = takeFirstSignIn();
    if (!first) return;
    // The form's values come from outside React, once: state is set from them before the first paint.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setEmail(first.email);
    setPassword(first.password);
    setRemember(first.remember);
    const input = { email: emailInput, password: passwordInput, remember: rememberInput }[first.focused ?? 'email'].current;
    input?.focus();
    // Once the values above are rendered, Sign in as it was pressed.
    if (first.submitted) setTimeout(() => form.current?.requestSubmit());
  }, []);

  /** Signed in: keep the session, apply the user's preferences, and go where the user was going. */
  async function finish(session: Pick<SecondFactorSession, 'token' | 'user'>) {
    const store = useRootStore.getState();
    store.setToken(session.token);
    store.setUser(session.user);
    applyPreferences(session.user.preferences);
    if (remember) store.setRemember(email.trim());
    else store.clearRemember();
    if (redirect && isAppPath(redirect)) await navigate({ href: redirect });
    else await navigate({ to: '/dashboard' });
  }

  const restart = useCallback((message?: string) => {
    setChallenge(null);
    setFormError(message ?? null);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const issue = emailIssue(email);
    const errors = {
      email: issue === 'required' ? t('auth.emailRequired') : issue ? t('auth.emailInvalid') : undefined,
      password: password ? undefined : t('auth.passwordRequired'),
    };
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email) return emailInput.current?.focus();
    if (errors.password) return passwordInput.current?.focus();
    try {
      const answer = await signIn.mutateAsync({ email: email.trim(), password });
      if ('secondFactor' in answer) {
        setPassword('');
        return setChallenge(answer.secondFactor);
      }
      await finish(answer);
    } catch (error) {
      setPassword('');
      setFormError(await signInErrorMessage(error, t));
      passwordInput.current?.focus();
    }
  }

  if (challenge) {
    return (
      <Suspense fallback={<PageLoader />}>
        <SecondFactorStep challenge={challenge} email={email.trim()} onSignedIn={finish} onRestart={restart} />
      </Suspense>
    );
  }

  return (
    <PublicPage title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')}>
      <form ref={form} onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          <TextInput
            ref={emailInput}
            label={t('auth.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
            required
            autoFocus={!startEmail}
          />
          <PasswordInput
            ref={passwordInput}
            label={t('auth.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            aria-invalid={fieldErrors.password ? true : undefined}
            required
            autoFocus={!!startEmail}
          />
          <Group justify="space-between">
            <Checkbox
              ref={rememberInput}
              label={t('auth.rememberMe')}
              checked={remember}
              onChange={(e) => setRemember(e.currentTarget.checked)}
            />
            <AnchorLink to="/forgot-password" search={{ email: email.trim() || undefined }} size="sm">
              {t('auth.forgotPassword')}
            </AnchorLink>
          </Group>
          <Button type="submit" loading={signIn.isPending} fullWidth>
            {t('auth.signIn')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.noAccount')}{' '}
            <AnchorLink to="/register" underline="always">
              {t('auth.register')}
            </AnchorLink>
          </Text>
        </Stack>
      </form>
    </PublicPage>
  );
}
