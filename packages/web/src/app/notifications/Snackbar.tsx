import { Button, Group, Paper, Text } from '@mantine/core';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationKind, NotificationStore } from './notificationStore';

const NotificationContext = createContext<NotificationStore | null>(null);

export function NotificationProvider({ store, children }: { store: NotificationStore; children: ReactNode }) {
  return <NotificationContext value={store}>{children}</NotificationContext>;
}

export function useNotifications(): NotificationStore {
  const store = useContext(NotificationContext);
  if (store === null) throw new Error('useNotifications needs a NotificationProvider');
  return store;
}

// Dark enough shades for white text (WCAG AA); a warning is yellow with dark text.
const COLORS: Record<NotificationKind, { bg: string; c: string }> = {
  success: { bg: 'teal.9', c: 'white' },
  info: { bg: 'indigo.8', c: 'white' },
  warning: { bg: 'yellow.4', c: 'dark.9' },
  error: { bg: 'red.9', c: 'white' },
};

/**
 * Shows the queue one message at a time at the bottom of the page; each closes by itself after its time or with its
 * button (OK for good news, Close for problems).
 */
export function Snackbar() {
  const { t } = useTranslation();
  const store = useNotifications();
  const current = useSyncExternalStore(store.subscribe, store.current);
  // docs/console/behaviour.md#undo: a message does not close while the keyboard is on one of its buttons.
  // Kept by id: a message taken away with the focus on it does not hold the next one.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const focused = current !== undefined && focusedId === current.id;

  useEffect(() => {
    if (current === undefined || focused) return;
    const timer = setTimeout(() => store.dismiss(current.id), current.timeoutMs);
    return () => clearTimeout(timer);
  }, [current, store, focused]);

  return (
    <div
      role="status"
      aria-live="polite"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
      onFocus={() => setFocusedId(current?.id ?? null)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
          setFocusedId(null);
        }
      }}
    >
      {current !== undefined && (
        <Paper
          shadow="md"
          px="md"
          py="sm"
          bg={COLORS[current.kind].bg}
          c={COLORS[current.kind].c}
          radius="sm"
          maw={560}
          data-kind={current.kind}
        >
          <Group gap="sm" wrap="nowrap">
            <Text size="sm">{current.text}</Text>
            {current.offer !== undefined && (
              <Button
                variant="white"
                color="dark"
                size="compact-sm"
                miw={44}
                mih={44}
                onClick={() => {
                  store.dismiss(current.id);
                  current.offer?.run();
                }}
              >
                {current.offer.label}
              </Button>
            )}
            <Button
              variant="subtle"
              color={COLORS[current.kind].c}
              c={COLORS[current.kind].c}
              size="compact-sm"
              miw={44}
              mih={44}
              onClick={() => store.dismiss(current.id)}
            >
              {current.action === 'ok' ? t('notifications.ok') : t('notifications.close')}
            </Button>
          </Group>
        </Paper>
      )}
    </div>
  );
}
