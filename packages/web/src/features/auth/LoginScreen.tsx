import { Anchor, Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api';
import { safeRedirectPath } from '../../app/redirects';
import { useConfig } from '../../config/ConfigContext';
import { useAuthStore } from './AuthContext';
import { logIn } from './authApi';
import ProviderLogin from './ProviderLogin';
import { FailedCall } from './Failure';

interface Credentials {
  username: string;
  password: string;
}

// Signing in through an identity provider comes with the other account screens: most consoles never need it.

/**
 * /login (docs/console/account-screens.md#sign-in-screens): the password form for basic and LDAP, otherwise the
 * identity provider's sign-in.
 */
export function LoginScreen() {
  const { provider } = useConfig();
  return provider === 'basic' || provider === 'ldap' ? <PasswordLogin /> : <ProviderLogin />;
}

/** Username or email, and password. */
function PasswordLogin() {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuthStore();
  const config = useConfig();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [showErrors, setShowErrors] = useState(false);

  const login = useMutation({
    mutationFn: ({ username, password }: Credentials) => logIn(api, username, password),
    onSuccess: (token) => {
      auth.login(token);
      void navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
    },
  });

  const missing = {
    username: values.username.trim() === '',
    password: values.password === '',
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowErrors(true);
    if (missing.username || missing.password) return;
    login.mutate({ username: values.username.trim(), password: values.password });
  };

  const requiredError = (field: keyof Credentials) => (showErrors && missing[field] ? t('login.required') : undefined);

  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={1} size="h3">
            {t('login.heading')}
          </Title>
          {login.isError && <FailedCall title={t('login.failed')} error={login.error} />}
          <TextInput
            label={t('login.username')}
            name="username"
            autoComplete="username"
            aria-required
            value={values.username}
            onChange={(e) => {
              const username = e.currentTarget.value;
              setValues((v) => ({ ...v, username }));
            }}
            error={requiredError('username')}
          />
          <TextInput
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            aria-required
            value={values.password}
            onChange={(e) => {
              const password = e.currentTarget.value;
              setValues((v) => ({ ...v, password }));
            }}
            error={requiredError('password')}
          />
          <Button type="submit" loading={login.isPending}>
            {t('login.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot" size="sm">
              {t('login.forgot')}
            </Anchor>
            {config.signup_enabled && (
              <Anchor component={Link} to="/signup" size="sm">
                {t('login.signup')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
