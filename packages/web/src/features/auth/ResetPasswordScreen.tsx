import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApi } from '../../api';
import { withMessages } from '../../i18n/areas';
import { adminMessages } from '../../i18n/adminMessages';
import { resetPassword } from './accountApi';
import { authMessages } from './messages';
import { passwordProblems } from '../../shared/passwordRules';
import { AuthPage, NewPasswordFields, type NewPassword } from './parts';
import { FailedCall } from './Failure';

/**
 * /reset/:token (docs/console/account-screens.md#sign-in-screens): the link from the reset mail; a new password, typed
 * twice, then log in with it.
 */
function ResetPasswordScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const { token = '' } = useParams();
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [checked, setChecked] = useState(false);
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(api, token, password) });

  if (reset.isSuccess) {
    return (
      <AuthPage title={t('auth.reset.doneTitle')}>
        <Text role="status">{t('auth.reset.done')}</Text>
        <Anchor component={Link} to="/login">
          {t('auth.goToLogin')}
        </Anchor>
      </AuthPage>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(passwordProblems(value.password, value.confirm)).length > 0) return;
    reset.mutate(value.password);
  };

  return (
    <AuthPage title={t('auth.reset.heading')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {reset.isError && <FailedCall title={t('auth.reset.failed')} error={reset.error} />}
          <NewPasswordFields
            value={value}
            onChange={setValue}
            checked={checked}
            passwordLabel={t('auth.reset.password')}
          />
          <Button type="submit" loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/forgot" size="sm">
        {t('auth.reset.newLink')}
      </Anchor>
    </AuthPage>
  );
}

export default withMessages([adminMessages, authMessages], ResetPasswordScreen);
