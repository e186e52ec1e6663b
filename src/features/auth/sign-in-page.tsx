import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { readProblem } from '@/lib/api-error';
import { isAppPath } from '@/lib/menu-path';
import { useRootStore } from '@/stores/root-store';
import { useSignIn } from './api';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function signInErrorMessage(error: unknown, t: (key: string) => string) {
  const problem = await readProblem(error);
  if (problem?.status === 401) return t('auth.invalidCredentials');
  if (problem?.status === 403) return problem.detail ?? problem.title;
  if (problem?.status === 429) return t('auth.throttled');
  return t('auth.signInFailed');
}

/** `/`: sign in, then go to the page the user was sent away from, or the dashboard. */
export function SignInPage({ redirect }: { redirect?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remembered = useRootStore((s) => s.remember.value);
  const [email, setEmail] = useState(remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== '');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      email: !email.trim()
        ? t('auth.emailRequired')
        : EMAIL_PATTERN.test(email.trim())
          ? undefined
          : t('auth.emailInvalid'),
      password: password ? undefined : t('auth.passwordRequired'),
    };
    setFieldErrors(errors);
    setFormError(null);
    if (errors.email || errors.password) return;
    try {
      const session = await signIn.mutateAsync({ email: email.trim(), password });
      const store = useRootStore.getState();
      store.setToken(session.token);
      store.setUser(session.user);
      if (remember) store.setRemember(email.trim());
      else store.clearRemember();
      await navigate({ to: redirect && isAppPath(redirect) ? redirect : '/dashboard' });
    } catch (error) {
      setPassword('');
      setFormError(await signInErrorMessage(error, t));
    }
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {t('auth.signInTitle')}
              </Title>
              <Text c="dimmed" size="sm">
                {t('auth.signInSubtitle')}
              </Text>
            </div>
            {formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldErrors.email}
              required
              autoFocus={!remembered}
            />
            <PasswordInput
              label={t('auth.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
              required
              autoFocus={!!remembered}
            />
            <Group justify="space-between">
              <Checkbox
                label={t('auth.rememberMe')}
                checked={remember}
                onChange={(e) => setRemember(e.currentTarget.checked)}
              />
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('auth.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" loading={signIn.isPending} fullWidth>
              {t('auth.signIn')}
            </Button>
            <Text size="sm" ta="center">
              {t('auth.noAccount')}{' '}
              <Anchor component={Link} to="/register">
                {t('auth.register')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
