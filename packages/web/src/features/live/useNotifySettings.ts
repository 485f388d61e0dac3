import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfig } from '../../config/ConfigContext';
import { DEFAULT_NOTIFY_SEVERITIES, usePreferences } from '../preferences';
import type { NotifySettings } from './notify';

/** docs/console/plumbing.md#server-config: the list's statuses when the config names none. */
const DEFAULT_STATUS = ['open', 'ack'];

/**
 * docs/console/behaviour.md#desktop-notifications: what the notifications follow, as a getter that always reads the
 * latest: on when the user turned them on and the console is not muted (`isMute` set), the severities chosen (critical
 * and major by default), and the language and router to word them and open the alert. The notifications themselves
 * are in the stream's chunk (notify.ts).
 */
export function useNotifySettings(): () => NotifySettings {
  const config = useConfig();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { prefs } = usePreferences();
  const settings: NotifySettings = {
    on: prefs.notify === true && prefs.isMute !== true,
    severities: prefs.notifySeverities ?? DEFAULT_NOTIFY_SEVERITIES,
    defaultStatus: config.filter.status ?? DEFAULT_STATUS,
    t,
    navigate: (path) => void navigate(path),
  };
  const current = useRef(settings);
  useEffect(() => {
    current.current = settings;
  });
  return useCallback(() => current.current, []);
}
