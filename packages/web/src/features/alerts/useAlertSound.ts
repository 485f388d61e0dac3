import type { Alert } from '@alerta/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../../app/notifications/Snackbar';
import { notifyError } from '../../app/notifications/snackbarText';
import { useConfig } from '../../config/ConfigContext';
import { usePreferences, useSavePreferences } from '../preferences';

/**
 * docs/console/account-screens.md#default-preferences: the sound the console ships with (public/audio), when neither
 * the server nor the user names one.
 */
export const DEFAULT_SOUND_URL = `${import.meta.env.BASE_URL}audio/alert.wav`;

/** The alert list query, as far as the sound cares. */
export interface LoadedAlerts {
  data?: { alerts: readonly Alert[] } | undefined;
  /** True while the previous filter's answer stands in for the new one. */
  isPlaceholderData: boolean;
}

interface Seen {
  scope: string;
  ids: ReadonlySet<string>;
}

/** Plays `src` once; a browser that refuses (no user gesture yet, a missing file) is left alone. */
function play(audio: { current: HTMLAudioElement | null }, src: string): void {
  let element = audio.current;
  if (element === null || element.getAttribute('src') !== src) {
    element = new Audio(src);
    audio.current = element;
  } else {
    element.currentTime = 0;
  }
  try {
    element.play().catch(() => undefined);
  } catch {
    // A browser without media support.
  }
}

/**
 * docs/console/behaviour.md#states-and-actions, docs/console/plumbing.md#sound: a sound when a refresh brings an alert
 * that is new (not in the previous load), open and not a repeat, if the user has turned sounds on (`isMute` false;
 * muted by default). Never for the first load of a list (`scope`: the search, tab and page), so opening the screen or
 * changing the filter is silent, and once per refresh rather than on every refresh while such an alert exists (the
 * reference's alerta#1000). The sound is the server's `audio.new`, else the user's `audioURL`, else the bundled one.
 */
export function useAlertSound(list: LoadedAlerts, scope: unknown): void {
  const config = useConfig();
  const { prefs } = usePreferences();
  const muted = prefs.isMute !== false;
  const src = config.audio?.new || prefs.audioURL || DEFAULT_SOUND_URL;
  const scopeKey = JSON.stringify(scope);
  const alerts = list.isPlaceholderData ? undefined : list.data?.alerts;
  const seen = useRef<Seen | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    if (alerts === undefined) return;
    const before = seen.current;
    seen.current = { scope: scopeKey, ids: new Set(alerts.map((a) => a.id)) };
    if (muted || before === null || before.scope !== scopeKey) return;
    if (alerts.some((a) => a.status === 'open' && !a.repeat && !before.ids.has(a.id))) play(audio, src);
  }, [alerts, scopeKey, muted, src]);
}

export interface SoundSwitch {
  soundOn: boolean;
  /** Turns the sound on or off for the user; undefined when there is no user to save it for. */
  onToggleSound: (() => void) | undefined;
}

/**
 * The alerts menu's sound switch (docs/console/plumbing.md#sound): off unless the user turned it on (`isMute` false);
 * a switch saves the opposite in the user's preferences, and a failure to save is said in the snackbar.
 */
export function useSoundSwitch(): SoundSwitch {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const { prefs } = usePreferences();
  const savePrefs = useSavePreferences();
  const soundOn = prefs.isMute === false;
  const onToggleSound = useMemo(
    () =>
      savePrefs === null
        ? undefined
        : () => {
            savePrefs({ isMute: soundOn }).catch((error: unknown) => notifyError(notifications, error, t));
          },
    [savePrefs, soundOn, notifications, t],
  );
  return { soundOn, onToggleSound };
}
