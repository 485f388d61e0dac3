import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApi } from '../../api';
import { withMessages } from '../../i18n/areas';
import { confirmEmail } from './accountApi';
import { authMessages } from './messages';
import { AuthPage } from './parts';
import { FailedCall } from './Failure';

/**
 * /confirm/:token (docs/console/account-screens.md#sign-in-screens): the link from the confirmation mail. The address
 * is confirmed on arrival; then the user can log in. A link that no longer works says so, and logging in mails a fresh
 * one (docs/api/auth.md#routes).
 */
function ConfirmEmailScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const { token = '' } = useParams();
  const confirm = useMutation({ mutationFn: (value: string) => confirmEmail(api, value) });
  const { mutate } = confirm;
  // Once per token: a link works only once, so a second request would report the first one's success as a failure.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [token, mutate]);

  if (confirm.isError) {
    return (
      <AuthPage title={t('route.confirm')}>
        <FailedCall title={t('auth.confirm.failed')} error={confirm.error} />
        <Text>{t('auth.confirm.retryHint')}</Text>
        <Anchor component={Link} to="/login">
          {t('auth.tryAgain')}
        </Anchor>
      </AuthPage>
    );
  }

  if (confirm.isSuccess) {
    return (
      <AuthPage title={t('auth.confirm.thanks')}>
        <Text role="status">{confirm.data}</Text>
        <Text>{t('auth.confirm.canLogIn')}</Text>
        <Anchor component={Link} to="/login">
          {t('auth.goToLogin')}
        </Anchor>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('route.confirm')}>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('auth.confirm.pending')}</Text>
      </Group>
    </AuthPage>
  );
}

export default withMessages([authMessages], ConfirmEmailScreen);
