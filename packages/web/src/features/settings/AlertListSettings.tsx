import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { DEFAULT_ROWS_PER_PAGE, DEFAULT_TEXT_WIDTH, DEFAULT_VALUE_WIDTH, type Preferences } from '../preferences';
import { DEFAULT_REFRESH_MS } from '../alerts';
import { ChoiceSetting, SettingsSection, ToggleSetting } from './controls';
import { FontSettings } from './FontSettings';
import {
  ACK_MINUTES,
  REFRESH_SECONDS,
  ROWS_PER_PAGE,
  SHELVE_MINUTES,
  TEXT_WIDTHS,
  VALUE_WIDTHS,
  withCurrent,
} from './options';
import { useUnitLabels } from './unitLabels';
import type { SaveSetting } from './useSaveSetting';

/** The alert server's shelve timeout when the config has none (docs/console/plumbing.md#server-config: 7200 s). */
const DEFAULT_SHELVE_SECONDS = 7200;

/**
 * How the alert list looks, refreshes, and how long acknowledging and shelving last
 * (docs/console/account-screens.md#settings).
 */
export function AlertListSettings({ prefs, save }: { prefs: Preferences; save: SaveSetting }) {
  const { t } = useTranslation();
  const config = useConfig();
  const units = useUnitLabels();

  const numberSetting = (
    label: string,
    current: number,
    choices: readonly number[],
    labelOf: (value: number) => string,
    onChange: (value: number) => Promise<void>,
    description?: string,
  ) => (
    <ChoiceSetting
      label={label}
      {...(description === undefined ? {} : { description })}
      value={String(current)}
      choices={withCurrent(choices, current).map((value) => ({ value: String(value), label: labelOf(value) }))}
      onChange={(value) => void onChange(Number(value))}
    />
  );

  const refreshSeconds = (prefs.refreshInterval ?? config.refresh_interval ?? DEFAULT_REFRESH_MS) / 1000;
  const ackMinutes = (prefs.ackTimeout ?? config.timeouts?.ack ?? 0) / 60;
  const shelveMinutes = (prefs.shelveTimeout ?? config.timeouts?.shelve ?? DEFAULT_SHELVE_SECONDS) / 60;

  return (
    <SettingsSection title={t('settings.section.alerts')}>
      <ToggleSetting
        label={t('settings.showAllowedEnvs')}
        description={t('settings.showAllowedEnvsHint')}
        checked={prefs.showAllowedEnvs === true}
        onChange={(showAllowedEnvs) => save({ showAllowedEnvs })}
      />
      <ToggleSetting
        label={t('settings.showNotesIcon')}
        description={t('settings.showNotesIconHint')}
        checked={prefs.showNotesIcon === true}
        onChange={(showNotesIcon) => save({ showNotesIcon })}
      />
      <FontSettings prefs={prefs} save={save} />
      {numberSetting(
        t('settings.rowsPerPage'),
        prefs.rowsPerPage ?? DEFAULT_ROWS_PER_PAGE,
        ROWS_PER_PAGE,
        units.rows,
        (rowsPerPage) => save({ rowsPerPage }),
      )}
      {numberSetting(
        t('settings.valueWidth'),
        prefs.valueWidth ?? DEFAULT_VALUE_WIDTH,
        VALUE_WIDTHS,
        units.pixels,
        (valueWidth) => save({ valueWidth }),
      )}
      {numberSetting(
        t('settings.textWidth'),
        prefs.textWidth ?? DEFAULT_TEXT_WIDTH,
        TEXT_WIDTHS,
        units.pixels,
        (textWidth) => save({ textWidth }),
      )}
      {numberSetting(t('settings.refreshInterval'), refreshSeconds, REFRESH_SECONDS, units.seconds, (seconds) =>
        save({ refreshInterval: seconds * 1000 }),
      )}
      {numberSetting(
        t('settings.ackTimeout'),
        ackMinutes,
        ACK_MINUTES,
        units.minutes,
        (minutes) => save({ ackTimeout: minutes * 60 }),
        t('settings.ackTimeoutHint'),
      )}
      {numberSetting(
        t('settings.shelveTimeout'),
        shelveMinutes,
        SHELVE_MINUTES,
        units.minutes,
        (minutes) => save({ shelveTimeout: minutes * 60 }),
        t('settings.shelveTimeoutHint'),
      )}
    </SettingsSection>
  );
}
