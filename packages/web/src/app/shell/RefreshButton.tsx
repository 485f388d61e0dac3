import { ActionIcon, Button } from '@mantine/core';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from './icons';
import classes from './RefreshButton.module.css';
import { queryKeys } from '../../api/queryKeys';

/**
 * docs/console/behaviour.md#states-and-actions, docs/console/behaviour.md#constants: how long the button shows it is
 * refreshing.
 */
export const REFRESH_FLAG_MS = 300;

/** Everything on screen is the screen's data; the user's own settings are not reloaded under them. */
const isScreenData = (query: Query) => !queryKeys.userAttributes.all.every((part, i) => query.queryKey[i] === part);

/** The top bar's Refresh (docs/console/shell.md#top-bar): every screen reloads what it shows, wherever the user is. */
export function RefreshButton({ labelled = false }: { labelled?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    if (!refreshing) return;
    const timer = setTimeout(() => setRefreshing(false), REFRESH_FLAG_MS);
    return () => clearTimeout(timer);
  }, [refreshing]);

  const onClick = () => {
    setRefreshing(true);
    // A load already under way is joined rather than cut short.
    void queryClient.invalidateQueries({ predicate: isScreenData }, { cancelRefetch: false });
  };
  // In the phone's top-bar menu (docs/console/shell.md#phone-top-bar): a full-width button with its name written out.
  if (labelled) {
    return (
      <Button
        variant="subtle"
        color="gray"
        h={44}
        justify="flex-start"
        fullWidth
        aria-busy={refreshing}
        className={refreshing ? classes.spinning : undefined}
        leftSection={<RefreshIcon />}
        onClick={onClick}
      >
        {t('shell.refresh')}
      </Button>
    );
  }
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('shell.refresh')}
      title={t('shell.refresh')}
      aria-busy={refreshing}
      className={refreshing ? classes.spinning : undefined}
      onClick={onClick}
    >
      <RefreshIcon />
    </ActionIcon>
  );
}
