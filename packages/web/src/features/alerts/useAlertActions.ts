import type { Alert } from '@alerta/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useNotifications } from '../../app/notifications/Snackbar';
import { useSession } from '../auth';
import { usePreferences, type Preferences } from '../preferences';
import { deleteAlert, tagAlert, takeAction } from '../../shared/alertsApi';
import { isWatchedBy, watchTag } from '../../shared/alertStatus';
import { settleEach } from '../../shared/settleEach';
import { notifyError, snackbarText } from '../../app/notifications/snackbarText';
import { queryKeys } from '../../api/queryKeys';
import { msg } from '../../i18n';

/** The key of the Undo message: a newer action's message takes the place of an older one. */
const UNDO_KEY = 'alerts.undo';

/**
 * docs/console/behaviour.md#undo: the actions that can be undone, the action that undoes each (see
 * docs/api/alarm-models.md#applying-an-action for where each leads) and what the message says was done.
 */
const UNDOABLE = {
  ack: { reverse: 'unack', done: msg('alerts.done.ack') },
  shelve: { reverse: 'unshelve', done: msg('alerts.done.shelve') },
  close: { reverse: 'open', done: msg('alerts.done.close') },
} as const;

function isUndoable(action: string): action is keyof typeof UNDOABLE {
  return Object.hasOwn(UNDOABLE, action);
}

/** docs/console/behaviour.md#states-and-actions: a second click within 200 ms of the first does nothing. */
export const DEBOUNCE_MS = 200;

export type AlertCommand =
  { kind: 'action'; action: string; text?: string } | { kind: 'watch' } | { kind: 'unwatch' } | { kind: 'delete' };

export interface AlertActions {
  username: string | undefined;
  /** Runs `command` on every alert given, then reloads; resolves once all are done (failures are reported). */
  run: (alerts: readonly Alert[], command: AlertCommand) => Promise<boolean>;
  /**
   * Says that `action` changed the alerts of these ids, with Undo for exactly them, when it is one that can be undone
   * (docs/console/behaviour.md#undo); for an action sent some other way, such as a group's bulk request.
   */
  offerUndo: (ids: readonly string[], action: string) => void;
}

/**
 * docs/console/behaviour.md#states-and-actions: ack carries the user's ack timeout, shelve the shelve timeout, the rest
 * none.
 */
export function actionTimeout(action: string, prefs: Preferences): number | null | undefined {
  return action === 'ack' ? prefs.ackTimeout : action === 'shelve' ? prefs.shelveTimeout : undefined;
}

/** The operator actions of the list, the bulk bar and the detail screen, in one place. */
export function useAlertActions(): AlertActions {
  const api = useApi();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const session = useSession();
  const { prefs } = usePreferences();
  const username = session?.claims.preferred_username;
  const last = useRef<{ key: string; at: number } | null>(null);

  const runOne = useCallback(
    (alert: Alert, command: AlertCommand): Promise<unknown> => {
      switch (command.kind) {
        case 'action':
          return takeAction(api, alert.id, {
            action: command.action,
            text: command.text ?? '',
            timeout: actionTimeout(command.action, prefs),
          });
        case 'watch':
        case 'unwatch':
          if (username === undefined) return Promise.resolve();
          return tagAlert(api, alert.id, [watchTag(username)], command.kind === 'unwatch');
        case 'delete':
          return deleteAlert(api, alert.id);
      }
    },
    [api, prefs, username],
  );

  // docs/console/behaviour.md#undo: the reverse action for exactly the alerts the first one changed, then a reload.
  const undo = useCallback(
    async (ids: readonly string[], reverse: string): Promise<void> => {
      const results = await settleEach(ids, (id) => takeAction(api, id, { action: reverse, text: '' }));
      const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      const undone = results.length - failed.length;
      if (failed.length > 0) {
        notifications.error(t('alerts.undoFailed', { count: failed.length, reason: snackbarText(failed[0], t) }));
      }
      if (undone > 0) notifications.success(t('alerts.undone', { count: undone }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
    },
    [api, notifications, queryClient, t],
  );

  // docs/console/behaviour.md#undo: one message for the whole batch, with Undo for the alerts the action changed.
  const offerUndo = useCallback(
    (ids: readonly string[], action: string) => {
      if (ids.length === 0 || !isUndoable(action)) return;
      const { reverse, done } = UNDOABLE[action];
      notifications.offer(
        t(done, { count: ids.length }),
        { label: t('alerts.undo'), run: () => void undo(ids, reverse) },
        UNDO_KEY,
      );
    },
    [undo, notifications, t],
  );

  const run = useCallback(
    async (alerts: readonly Alert[], command: AlertCommand): Promise<boolean> => {
      const key = `${JSON.stringify(command)}:${alerts.map((a) => a.id).join()}`;
      const now = Date.now();
      if (last.current !== null && last.current.key === key && now - last.current.at < DEBOUNCE_MS) return false;
      last.current = { key, at: now };
      const results = await settleEach(alerts, (alert) => runOne(alert, command));
      for (const result of results) {
        if (result.status === 'rejected') notifyError(notifications, result.reason, t);
      }
      const done = alerts.flatMap((alert, index) => (results[index]?.status === 'fulfilled' ? [alert.id] : []));
      if (command.kind === 'action') {
        offerUndo(done, command.action);
      } else if (done.length > 0 && command.kind === 'delete') {
        notifications.dismissKey(UNDO_KEY);
        notifications.success(t('alerts.done.delete', { count: done.length }));
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all });
      return results.every((r) => r.status === 'fulfilled');
    },
    [runOne, offerUndo, notifications, queryClient, t],
  );

  return useMemo(() => ({ username, run, offerUndo }), [username, run, offerUndo]);
}

/**
 * docs/console/behaviour.md#states-and-actions bulk watch: watch all unless every one is already watched, then unwatch
 * all.
 */
export function bulkWatchCommand(alerts: readonly Alert[], username: string | undefined): AlertCommand {
  return alerts.every((a) => isWatchedBy(a, username)) ? { kind: 'unwatch' } : { kind: 'watch' };
}
