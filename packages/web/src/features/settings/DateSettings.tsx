import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { CLIENT_DEFAULTS } from '../../config/defaults';
import { type DateKind, formatDate, type Preferences, showsUtc, useDateExtras } from '../preferences';
import type { SaveSetting } from './useSaveSetting';
import { ChoiceSetting, SettingsSection } from './controls';
import { DATE_FORMATS, TIME_FORMATS, withCurrentText } from './options';

/**
 * Date formats, each shown as the time now looks in it, and local time or UTC
 * (docs/console/account-screens.md#settings).
 */
export function DateSettings({ prefs, save }: { prefs: Preferences; save: SaveSetting }) {
  const { t } = useTranslation();
  const config = useConfig();
  const utc = showsUtc(prefs);
  // Every format of the lists is previewed, locale-aware ones too: their plugin loads here if it has not yet.
  useDateExtras(utc, [...DATE_FORMATS, ...TIME_FORMATS]);
  const now = new Date().toISOString();
  const current = (kind: DateKind) => prefs.dates?.[kind] ?? config.dates[kind];

  const formatSetting = (kind: DateKind, label: string, formats: readonly string[]) => {
    const value = current(kind);
    return (
      <ChoiceSetting
        label={label}
        value={value}
        choices={withCurrentText(formats, value).map((format) => ({
          value: format,
          label: t('settings.formatChoice', {
            preview: formatDate(now, format, utc, CLIENT_DEFAULTS.dates[kind]),
            format,
          }),
        }))}
        onChange={(format) => void save({ dates: { [kind]: format } })}
        fullText
      />
    );
  };

  return (
    <SettingsSection title={t('settings.section.dates')}>
      {formatSetting('longDate', t('settings.longDate'), DATE_FORMATS)}
      {formatSetting('mediumDate', t('settings.mediumDate'), DATE_FORMATS)}
      {formatSetting('shortTime', t('settings.shortTime'), TIME_FORMATS)}
      <ChoiceSetting
        label={t('settings.displayMode')}
        value={utc ? 'utc' : 'local'}
        choices={[
          { value: 'local', label: t('settings.localTime') },
          { value: 'utc', label: t('settings.utcTime') },
        ]}
        onChange={(timezone) => void save({ timezone })}
      />
    </SettingsSection>
  );
}
