import { isEmailAddress } from '@alerta/contract';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../api';
import { useNotifications } from '../../app/notifications/Snackbar';
import { withMessages } from '../../i18n/areas';
import { adminMessages } from '../../i18n/adminMessages';
import { requestPasswordReset } from './accountApi';
import { authMessages } from './messages';
import { AuthPage } from './parts';
import { FailedCall } from './Failure';

/**
 * /forgot (docs/console/account-screens.md#sign-in-screens): asks for a password reset link by mail, then says where it
 * went. The server answers the same whether or not the address has an account, and so does this screen.
 */
function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const notifications = useNotifications();
  const [email, setEmail] = useState('');
  const [checked, setChecked] = useState(false);
  const forgot = useMutation({
    mutationFn: (address: string) => requestPasswordReset(api, address),
    onSuccess: () => notifications.success(t('auth.forgot.sentSnackbar')),
  });

  const address = email.trim();
  let emailError: string | undefined;
  if (address === '') emailError = t('admin.required');
  else if (!isEmailAddress(address)) emailError = t('auth.invalidEmail');

  if (forgot.isSuccess) {
    return (
      <AuthPage title={t('auth.checkMail')}>
        <Text>{t('auth.forgot.sent')}</Text>
        <TextInput label={t('auth.email')} value={forgot.variables} readOnly />
        <Anchor component={Link} to="/login">
          {t('auth.backToLogin')}
        </Anchor>
      </AuthPage>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (emailError !== undefined) return;
    forgot.mutate(address);
  };

  return (
    <AuthPage title={t('auth.forgot.heading')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text>{t('auth.forgot.intro')}</Text>
          {forgot.isError && <FailedCall title={t('auth.forgot.failed')} error={forgot.error} />}
          <TextInput
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            error={checked ? emailError : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Button type="submit" loading={forgot.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </AuthPage>
  );
}

export default withMessages([adminMessages, authMessages], ForgotPasswordScreen);
