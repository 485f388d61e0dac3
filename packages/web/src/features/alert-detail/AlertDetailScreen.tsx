import '@mantine/core/styles/Tabs.css';
import { customActionsOf, severityColorsOf } from '../../shared/configLists';
import type { Alert } from '@alerta/contract';
import {
  ActionIcon,
  Alert as Callout,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '../../api';
import { errorMessage } from '../../api/errorMessage';
import { useNotifications } from '../../app/notifications/Snackbar';
import { useConfig } from '../../config/ConfigContext';
import { usePermission } from '../auth';
import { allowedActions, isWatchedBy } from '../../shared/alertStatus';
import { BackIcon, CopyIcon, DeleteIcon, UnwatchIcon, WatchIcon } from '../../shared/icons';
import {
  ACTION_ICONS,
  ACTION_LABELS,
  CustomActionsMenu,
  DEBOUNCE_MS,
  useAlertActions,
  useConfirmDelete,
} from '../alerts';
import { notifyError } from '../../app/notifications/snackbarText';
import { addNote, deleteNote, fetchAlert, fetchNotes, type AlertNote } from './alertDetailApi';
import { DetailsTab } from './DetailsTab';
import { HistoryTab } from './HistoryTab';
import { NoteForm } from './NoteForm';
import { menuActions, TOOLBAR_ACTIONS } from './detailActions';
import touch from '../../shared/touchTargets.module.css';
import classes from './AlertDetailScreen.module.css';
import { copyText } from '../../app/copyText';
import { BlackoutFromAlertButton } from '../blackouts';
import { queryKeys } from '../../api/queryKeys';

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <ActionIcon variant="subtle" color="dark" size="lg" aria-label={label} title={label} onClick={onClick}>
      {children}
    </ActionIcon>
  );
}

/** /alert/:id (docs/console/behaviour.md#screens-and-routes "Alert detail"). */
export default function AlertDetailScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const api = useApi();
  const config = useConfig();
  const allowed = usePermission();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const { run, username } = useAlertActions();
  const confirm = useConfirmDelete();
  const [noteOpen, setNoteOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const lastNote = useRef<{ text: string; at: number } | null>(null);

  const alertQuery = useQuery({
    queryKey: queryKeys.alerts.detail(id),
    queryFn: ({ signal }) => fetchAlert(api, id, signal),
  });
  const notesQuery = useQuery({
    queryKey: queryKeys.alerts.notes(id),
    queryFn: ({ signal }) => fetchNotes(api, id, signal),
  });

  // docs/console/behaviour.md#constants: the copy button says so for 2 s.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  if (alertQuery.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('shell.loading')} />
      </Center>
    );
  }
  if (alertQuery.isError) {
    return (
      <Callout color="red" title={t('detail.loadFailed')}>
        {errorMessage(alertQuery.error, t)}
      </Callout>
    );
  }
  const alert: Alert = alertQuery.data;
  const canWrite = allowed('write:alerts');
  const watched = isWatchedBy(alert, username);
  const actions = allowedActions(alert.status);
  const severityColors = severityColorsOf(config);

  const act = async (action: string, text = '') => {
    const ok = await run([alert], { kind: 'action', action, text });
    // docs/console/behaviour.md#screens-and-routes: closing goes back to the list.
    if (ok && action === 'close') void navigate('/alerts');
    return ok;
  };
  const toggleWatch = () => void run([alert], { kind: watched ? 'unwatch' : 'watch' });
  const remove = () =>
    confirm.ask(() => {
      void run([alert], { kind: 'delete' }).then((ok) => {
        if (ok) void navigate('/alerts');
      });
    });
  const saveNote = async (text: string) => {
    // docs/console/behaviour.md#states-and-actions: the same note sent again within 200 ms is a double click, not a
    // second note.
    const now = Date.now();
    if (lastNote.current !== null && lastNote.current.text === text && now - lastNote.current.at < DEBOUNCE_MS) {
      return false;
    }
    lastNote.current = { text, at: now };
    try {
      await addNote(api, alert.id, text);
      await queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
      setNoteOpen(false);
      return true;
    } catch (error) {
      notifyError(notifications, error, t);
      return false;
    }
  };
  const dismissNote = async (note: AlertNote) => {
    try {
      await deleteNote(api, alert.id, note.id);
    } catch (error) {
      notifyError(notifications, error, t);
    }
    await queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
  };
  const copy = async () => {
    try {
      await copyText(JSON.stringify(alert, null, 2));
      setCopied(true);
    } catch (error) {
      notifyError(notifications, error, t);
    }
  };

  return (
    <Stack gap="sm" className={touch.touch}>
      <Group gap={4} wrap="wrap">
        <ToolButton label={t('detail.back')} onClick={() => void navigate('/alerts')}>
          <BackIcon />
        </ToolButton>
        <Title order={1} size="h4" mx="sm" style={{ overflowWrap: 'anywhere' }}>
          {alert.resource} · {alert.event}
        </Title>
        {canWrite &&
          TOOLBAR_ACTIONS.filter((action) => actions.includes(action)).map((action) => {
            const Icon = ACTION_ICONS[action];
            return (
              <ToolButton key={action} label={t(ACTION_LABELS[action])} onClick={() => void act(action)}>
                <Icon />
              </ToolButton>
            );
          })}
        {canWrite && username !== undefined && (
          <ToolButton label={watched ? t('alerts.action.unwatch') : t('alerts.action.watch')} onClick={toggleWatch}>
            {watched ? <UnwatchIcon /> : <WatchIcon />}
          </ToolButton>
        )}
        {allowed('delete:alerts') && (
          <ToolButton label={t('alerts.action.delete')} onClick={remove}>
            <DeleteIcon />
          </ToolButton>
        )}
        <ToolButton label={copied ? t('detail.copied') : t('detail.copy')} onClick={() => void copy()}>
          <CopyIcon />
        </ToolButton>
        <span aria-live="polite">{copied && <Text size="sm">{t('detail.copied')}</Text>}</span>
        <BlackoutFromAlertButton alert={alert} />
        {canWrite && (
          <CustomActionsMenu
            actions={menuActions(customActionsOf(config))}
            label={t('alerts.action.more')}
            onPick={(action) => void act(action)}
          />
        )}
      </Group>
      <Tabs defaultValue="details">
        <Tabs.List>
          <Tabs.Tab value="details">{t('detail.tab.details')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('detail.tab.history')}</Tabs.Tab>
          <Tabs.Tab value="data">{t('detail.tab.data')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <DetailsTab
            alert={alert}
            notes={notesQuery.data ?? []}
            customerViews={config.customer_views}
            severityColors={severityColors}
            canWrite={canWrite}
            onDismissNote={(note) => void dismissNote(note)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab alert={alert} severityColors={severityColors} />
        </Tabs.Panel>
        <Tabs.Panel value="data" pt="md">
          {alert.rawData === null || alert.rawData === '' ? (
            <Text c="dimmed">{t('detail.noRawData')}</Text>
          ) : (
            <pre className={classes.raw}>{alert.rawData}</pre>
          )}
        </Tabs.Panel>
      </Tabs>
      {canWrite && (
        <Paper withBorder p="sm">
          {noteOpen ? (
            <NoteForm
              alert={alert}
              onAction={(action, text) => act(action, text)}
              onNote={saveNote}
              onCancel={() => setNoteOpen(false)}
            />
          ) : (
            // docs/console/alert-screens.md#bottom-actions: watch and delete are the toolbar's, not repeated here.
            <Button variant="outline" size="xs" onClick={() => setNoteOpen(true)}>
              {t('detail.note.add')}
            </Button>
          )}
        </Paper>
      )}
      {confirm.dialog}
    </Stack>
  );
}
