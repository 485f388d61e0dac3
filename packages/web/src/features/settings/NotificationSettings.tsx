import { ALERTA_MODEL } from '@alerta/contract';
import { Alert as Callout, Checkbox, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../../config/appConfig';
import { useConfig } from '../../config/ConfigContext';
import { severityLabel } from '../../i18n/enumLabels';
import { notificationApi } from '../live';
import { DEFAULT_NOTIFY_SEVERITIES, type Preferences } from '../preferences';
import { SettingsSection, ToggleSetting } from './controls';
import type { SaveSetting } from './useSaveSetting';

/** The alarm model's severities, most severe first (docs/console/plumbing.md#default-alarm-model). */
function severities(config: AppConfig): string[] {
  const levels = config.alarm_model?.severity ?? config.severity;
  const model = levels === undefined || Object.keys(levels).length === 0 ? ALERTA_MODEL.severity : levels;
  return Object.entries(model)
    .sort(([, a], [, b]) => a - b)
    .map(([name]) => name);
}

type Refusal = 'unsupported' | 'refused' | null;

/**
 * docs/console/account-screens.md#settings and docs/console/behaviour.md#desktop-notifications: desktop notifications
 * of new alerts, opt-in, for the severities chosen. Turning them on asks the browser's permission first; a browser that
 * refuses, or has none to give, is said plainly and nothing is saved. Only on a server with the live stream.
 */
export function NotificationSettings({ prefs, save }: { prefs: Preferences; save: SaveSetting }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [refusal, setRefusal] = useState<Refusal>(null);
  if (config.stream === undefined) return null;
  const api = notificationApi();
  const on = prefs.notify === true;
  const chosen = prefs.notifySeverities ?? DEFAULT_NOTIFY_SEVERITIES;
  // Permission withdrawn in the browser since it was given.
  const shownRefusal: Refusal = refusal ?? (on && api?.permission === 'denied' ? 'refused' : null);

  const turn = async (next: boolean) => {
    setRefusal(null);
    if (!next) return save({ notify: false });
    if (api === undefined) return setRefusal('unsupported');
    const permission = api.permission === 'granted' ? 'granted' : await api.requestPermission();
    if (permission !== 'granted') return setRefusal('refused');
    return save({ notify: true, notifySeverities: [...chosen] });
  };

  return (
    <SettingsSection title={t('settings.section.notifications')}>
      <ToggleSetting label={t('settings.notify')} description={t('settings.notifyHint')} checked={on} onChange={turn} />
      {shownRefusal !== null && (
        <Callout color="red" title={t('settings.notifyRefusedTitle')}>
          {shownRefusal === 'unsupported' ? t('settings.notifyUnsupported') : t('settings.notifyRefused')}
        </Callout>
      )}
      {on && prefs.isMute === true && (
        <Text size="sm" c="dimmed">
          {t('settings.notifyMuted')}
        </Text>
      )}
      <Checkbox.Group
        label={t('settings.notifySeverities')}
        value={[...chosen]}
        onChange={(value) => void save({ notifySeverities: value })}
      >
        <Group gap="md" mt={4}>
          {severities(config).map((severity) => (
            <Checkbox key={severity} value={severity} label={severityLabel(t, severity)} disabled={!on} />
          ))}
        </Group>
      </Checkbox.Group>
    </SettingsSection>
  );
}
