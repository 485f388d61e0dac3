import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationStore } from './notificationStore';

const NotificationContext = createContext<NotificationStore | null>(null);

export function NotificationProvider({ store, children }: { store: NotificationStore; children: ReactNode }) {
  return <NotificationContext value={store}>{children}</NotificationContext>;
}

export function useNotifications(): NotificationStore {
  const store = useContext(NotificationContext);
  if (store === null) throw new Error('useNotifications needs a NotificationProvider');
  return store;
}

const COLORS = { success: 'teal', info: 'indigo', error: 'red' } as const;

/** Shows the queue one message at a time at the bottom of the page; each closes by itself or with its button. */
export function Snackbar() {
  const { t } = useTranslation();
  const store = useNotifications();
  const current = useSyncExternalStore(store.subscribe, store.current);

  useEffect(() => {
    if (current === undefined) return;
    const timer = setTimeout(() => store.dismiss(current.id), current.timeoutMs);
    return () => clearTimeout(timer);
  }, [current, store]);

  return (
    <div
      role="status"
      aria-live="polite"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
    >
      {current !== undefined && (
        <Paper shadow="md" px="md" py="sm" bg={COLORS[current.kind]} c="white" radius="sm" maw={560}>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm">{current.text}</Text>
            <CloseButton
              variant="transparent"
              c="white"
              aria-label={t('notifications.close')}
              onClick={() => store.dismiss(current.id)}
            />
          </Group>
        </Paper>
      )}
    </div>
  );
}
