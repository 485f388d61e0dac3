import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../api';
import { useConfig } from '../../config/ConfigContext';
import { useAuthStore } from './AuthContext';
import { browser, logOut, providerLogoutUrl } from './authApi';
import { logoutReturnUri } from './consoleAddress';

/**
 * /logout: ends the session here and on the server, then says so (docs/console/account-screens.md#sign-in-screens).
 * When the server names the identity provider's end-session address, the browser goes on there to sign out of the
 * provider too, and comes back here (docs/console/behaviour.md#states-and-actions); by then there is no session left,
 * so the server is not asked again.
 */
export function LogoutScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const config = useConfig();
  const auth = useAuthStore();
  const queryClient = useQueryClient();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // The request takes the token when it starts, so it still carries it; its failure changes nothing here. Without a
    // session (back from the provider, or expired) there is nothing to end on the server.
    const answer = auth.getSession() === null ? null : logOut(api);
    // Preferences go with the rest of the cache, then the session (docs/console/behaviour.md#states-and-actions).
    queryClient.clear();
    auth.logout();
    answer?.then(
      (logoutUrl) => {
        const target =
          logoutUrl === null ? null : providerLogoutUrl(logoutUrl, config.provider, logoutReturnUri(config));
        if (target !== null) browser.leaveTo(target);
      },
      () => undefined,
    );
  }, [api, auth, queryClient, config]);

  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <Stack>
        <Title order={1} size="h3">
          {t('route.logout')}
        </Title>
        <Text>{t('logout.message')}</Text>
        <Anchor component={Link} to="/login">
          {t('logout.loginAgain')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
