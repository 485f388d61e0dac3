import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../api';
import { useAuthStore } from './AuthContext';
import { logOut } from './authApi';

/** /logout: ends the session here and on the server, then says so (screens.md §14). */
export function LogoutScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const auth = useAuthStore();
  const queryClient = useQueryClient();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // The request takes the token when it starts, so it still carries it; its failure changes nothing here.
    logOut(api).catch(() => undefined);
    auth.logout();
    queryClient.clear();
  }, [api, auth, queryClient]);

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
