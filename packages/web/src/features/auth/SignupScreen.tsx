import { isEmailAddress } from '@alerta/contract';
import { Anchor, Button, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, useApi } from '../../api';
import { safeRedirectPath } from '../../app/redirects';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { adminMessages } from '../../i18n/adminMessages';
import { useAuthStore } from './AuthContext';
import { signUp, type SignupValues } from './accountApi';
import { authMessages } from './messages';
import { passwordProblems } from '../../shared/passwordRules';
import { AuthPage, NewPasswordFields, type NewPassword } from './parts';
import { FailedCall } from './Failure';

interface Fields {
  name: string;
  email: string;
  text: string;
}

/**
 * The server mailed a confirmation link and will not log the new account in until it is used
 * (docs/api/auth.md#passwords-and-sign-up).
 */
function awaitsConfirmation(error: unknown, emailVerification: boolean): boolean {
  return (
    error instanceof ApiError && error.status === 403 && (emailVerification || /not verified/i.test(error.message))
  );
}

/**
 * /signup (docs/console/account-screens.md#sign-in-screens): a new account from name, email and password, logged in at
 * once; or, where the server confirms addresses first, a note to go and read the mail. Closed when the config says
 * sign-up is off.
 */
function SignupScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuthStore();
  const config = useConfig();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [fields, setFields] = useState<Fields>({ name: '', email: '', text: '' });
  const [password, setPassword] = useState<NewPassword>({ password: '', confirm: '' });
  const [checked, setChecked] = useState(false);
  const closed = !config.signup_enabled;

  const signup = useMutation({
    mutationFn: (values: SignupValues) => signUp(api, values),
    onSuccess: (token) => {
      auth.login(token);
      void navigate(safeRedirectPath(searchParams.get('redirect')), { replace: true });
    },
  });

  const name = fields.name.trim();
  const email = fields.email.trim();
  const nameError = name === '' ? t('admin.required') : undefined;
  let emailError: string | undefined;
  if (email === '') emailError = t('admin.required');
  else if (!isEmailAddress(email)) emailError = t('auth.invalidEmail');
  const passwordValid = Object.keys(passwordProblems(password.password, password.confirm)).length === 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (closed) return;
    setChecked(true);
    if (nameError !== undefined || emailError !== undefined || !passwordValid) return;
    signup.mutate({ name, email, password: password.password, text: fields.text.trim() });
  };

  if (signup.isError && awaitsConfirmation(signup.error, config.email_verification === true)) {
    return (
      <AuthPage title={t('auth.checkMail')}>
        <Text>{t('auth.signup.confirmSent', { email })}</Text>
        <Text>{t('auth.signup.confirmThen')}</Text>
        <Anchor component={Link} to="/login">
          {t('auth.goToLogin')}
        </Anchor>
      </AuthPage>
    );
  }

  const field = (key: keyof Fields) => ({
    value: fields[key],
    disabled: closed,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setFields((f) => ({ ...f, [key]: value }));
    },
  });

  return (
    <AuthPage title={closed ? t('auth.signup.closed') : t('auth.signup.heading')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {signup.isError && <FailedCall title={t('auth.signup.failed')} error={signup.error} />}
          <TextInput
            label={t('auth.fullName')}
            name="name"
            autoComplete="name"
            required
            error={checked ? nameError : undefined}
            {...field('name')}
          />
          <TextInput
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={checked ? emailError : undefined}
            {...field('email')}
          />
          <NewPasswordFields
            value={password}
            onChange={setPassword}
            checked={checked}
            passwordLabel={t('login.password')}
            disabled={closed}
          />
          <Textarea
            label={t('auth.signup.text')}
            description={t('auth.signup.textHint')}
            name="text"
            minRows={2}
            {...field('text')}
          />
          <Button type="submit" loading={signup.isPending} disabled={closed}>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.signup.haveAccount')}
      </Anchor>
    </AuthPage>
  );
}

export default withMessages([adminMessages, authMessages], SignupScreen);
