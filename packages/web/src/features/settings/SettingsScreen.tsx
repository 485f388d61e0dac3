import '@mantine/core/styles/Slider.css';
import { Alert as Callout, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { withMessages } from '../../i18n/areas';
import { useSession } from '../auth';
import { type Preferences, usePreferences } from '../preferences';
import { AlertListSettings } from './AlertListSettings';
import { ChoiceSetting, SettingsSection, ToggleSetting } from './controls';
import { DateSettings } from './DateSettings';
import { NotificationSettings } from './NotificationSettings';
import { settingsMessages } from './messages';
import { BLACKOUT_HOURS, LANGUAGES, withCurrent } from './options';
import { type SaveSetting, useSaveSetting } from './useSaveSetting';
import { useUnitLabels } from './unitLabels';

/** The alert server's blackout length when the config has none (docs/console/plumbing.md#server-config: 3600 s). */
const DEFAULT_BLACKOUT_SECONDS = 3600;
/** docs/console/account-screens.md#default-preferences: blackouts start now unless the user says otherwise. */
const DEFAULT_BLACKOUT_START_NOW = true;

function AppearanceSettings({ prefs, save }: { prefs: Preferences; save: SaveSetting }) {
  const { t, i18n } = useTranslation();
  const language = (prefs.languagePref ?? i18n.language).slice(0, 2).toLowerCase();
  return (
    <>
      <SettingsSection title={t('settings.section.appearance')}>
        <ToggleSetting
          label={t('settings.darkTheme')}
          checked={prefs.isDark === true}
          onChange={(isDark) => save({ isDark })}
        />
        {/* Preferences store the opposite, "mute", which is on until the user turns sound on. */}
        <ToggleSetting
          label={t('settings.sounds')}
          description={t('settings.soundsHint')}
          checked={prefs.isMute === false}
          onChange={(on) => save({ isMute: !on })}
        />
      </SettingsSection>
      <SettingsSection title={t('settings.section.language')}>
        <ChoiceSetting
          label={t('settings.language')}
          value={language}
          choices={LANGUAGES.map(([value, label]) => ({ value, label }))}
          onChange={(languagePref) => void save({ languagePref })}
        />
      </SettingsSection>
    </>
  );
}

function BlackoutSettings({ prefs, save }: { prefs: Preferences; save: SaveSetting }) {
  const { t } = useTranslation();
  const config = useConfig();
  const { hours } = useUnitLabels();
  const current = (prefs.blackoutPeriod ?? config.blackouts?.duration ?? DEFAULT_BLACKOUT_SECONDS) / 3600;
  return (
    <SettingsSection title={t('settings.section.blackouts')}>
      <ToggleSetting
        label={t('settings.blackoutStartNow')}
        description={t('settings.blackoutStartNowHint')}
        checked={prefs.blackoutStartNow ?? DEFAULT_BLACKOUT_START_NOW}
        onChange={(blackoutStartNow) => save({ blackoutStartNow })}
      />
      <ChoiceSetting
        label={t('settings.blackoutPeriod')}
        value={String(current)}
        choices={withCurrent(BLACKOUT_HOURS, current).map((value) => ({ value: String(value), label: hours(value) }))}
        onChange={(value) => void save({ blackoutPeriod: Number(value) * 3600 })}
      />
    </SettingsSection>
  );
}

/** Anonymous visitors (auth not required, or read-only access) have no account to keep settings in. */
function LogInFirst() {
  const { t } = useTranslation();
  return (
    <Callout color="blue" title={t('settings.loginNeededTitle')}>
      {t('settings.loginNeeded')}
    </Callout>
  );
}

/**
 * /settings (docs/console/account-screens.md#settings): the user's preferences, each saved and applied as soon as it
 * changes.
 */
function SettingsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const { prefs, settled } = usePreferences();
  const save = useSaveSetting();
  let body;
  if (session === null) {
    body = <LogInFirst />;
  } else if (!settled) {
    body = (
      <Center p="xl">
        <Loader aria-label={t('shell.loading')} />
      </Center>
    );
  } else {
    body = (
      <>
        <Text c="dimmed">{t('settings.intro')}</Text>
        <AppearanceSettings prefs={prefs} save={save} />
        <DateSettings prefs={prefs} save={save} />
        <AlertListSettings prefs={prefs} save={save} />
        <NotificationSettings prefs={prefs} save={save} />
        <BlackoutSettings prefs={prefs} save={save} />
        <Group gap="sm" align="center">
          <Button variant="default" onClick={() => void save(null)}>
            {t('settings.reset')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('settings.resetHint')}
          </Text>
        </Group>
      </>
    );
  }
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('route.settings')}
      </Title>
      {body}
    </Stack>
  );
}

export default withMessages([settingsMessages], SettingsScreen);
