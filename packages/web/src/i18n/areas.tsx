import type { i18n as I18n } from 'i18next';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The texts of the screens outside the first bundle live next to their screens, one catalogue per area and language
 * (`features/<area>/messages/<language>.json`), and load with the screen that needs them: each area's `messages.ts`
 * says how. Keys start with the area's name, so areas never clash with each other or with the first bundle's
 * catalogue.
 */
export const AREAS = [
  'alerts',
  'admin',
  'heartbeats',
  'users',
  'groups',
  'customers',
  'blackouts',
  'perms',
  'keys',
  'reports',
  'profile',
  'settings',
  'about',
  'auth',
] as const;
export type Area = (typeof AREAS)[number];

type Messages = Record<string, string>;

/** How an area's catalogue in one language arrives: its own small chunk, made by the area (see its messages.ts). */
export type AreaLoader = (language: string) => Promise<Messages>;

export interface AreaMessages {
  area: Area;
  load: AreaLoader;
}

/** The areas whose code has arrived, so a change of language can load their texts too. */
const loaders = new Map<Area, AreaLoader>();

interface AreaState {
  /** Areas in use, so a change of language loads them in the new language too. */
  used: Set<Area>;
  /** One load per language and area, and per group of areas a screen asks for. */
  loads: Map<string, Promise<void>>;
  /** The groups whose load has finished. */
  done: Set<string>;
}

const states = new WeakMap<I18n, AreaState>();

function stateOf(i18n: I18n): AreaState {
  let state = states.get(i18n);
  if (state === undefined) {
    state = { used: new Set(), loads: new Map(), done: new Set() };
    states.set(i18n, state);
  }
  return state;
}

function loadOne(i18n: I18n, language: string, area: Area): Promise<void> {
  const { loads } = stateOf(i18n);
  const key = `${language}:${area}`;
  let load = loads.get(key);
  if (load === undefined) {
    const loader = loaders.get(area);
    load =
      loader === undefined
        ? Promise.resolve()
        : loader(language).then((messages) => {
            i18n.addResourceBundle(language, 'translation', messages, true, true);
          });
    // A failed load may be tried again (the next render asks anew).
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

function groupKey(language: string, areas: readonly AreaMessages[]): string {
  return `group:${language}:${areas.map((a) => a.area).join(',')}`;
}

/** Loads `areas` in `language` and in English, the fallback. */
export function loadAreas(i18n: I18n, language: string, areas: Iterable<AreaMessages>): Promise<void> {
  const state = stateOf(i18n);
  const wanted = [...areas];
  const key = groupKey(language, wanted);
  let load = state.loads.get(key);
  if (load === undefined) {
    for (const { area, load: loader } of wanted) {
      state.used.add(area);
      loaders.set(area, loader);
    }
    const languages = language === 'en' ? ['en'] : ['en', language];
    load = Promise.all(languages.flatMap((lang) => wanted.map(({ area }) => loadOne(i18n, lang, area)))).then(() => {
      state.done.add(key);
    });
    load.catch(() => state.loads.delete(key));
    state.loads.set(key, load);
  }
  return load;
}

/** Loads, in `language`, every area the console has used so far: called before switching to that language. */
export function loadUsedAreas(i18n: I18n, language: string): Promise<void> {
  const used: AreaMessages[] = [];
  for (const area of stateOf(i18n).used) {
    const load = loaders.get(area);
    if (load !== undefined) used.push({ area, load });
  }
  return loadAreas(i18n, language, used);
}

/**
 * Whether the texts of `areas` are there in the current language; starts loading them when not. A catalogue that
 * fails to load counts as there (its keys show; the next visit tries again) rather than leaving the screen blank.
 */
export function useMessages(...areas: AreaMessages[]): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const key = groupKey(language, areas);
  const [settled, setSettled] = useState<string | null>(null);
  const ready = stateOf(i18n).done.has(key) || settled === key;
  useEffect(() => {
    if (ready) return;
    let live = true;
    const settle = () => {
      if (live) setSettled(key);
    };
    loadAreas(i18n, language, areas).then(settle, settle);
    return () => {
      live = false;
    };
    // `areas` is spelled out by the caller and folded into `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, language, key, ready]);
  return ready;
}

/**
 * `Screen` with the texts of `areas`: nothing is drawn until they are there (a moment, the first time), so a
 * screen never shows its keys.
 */
export function withMessages<P extends object>(
  areas: readonly AreaMessages[],
  Screen: ComponentType<P>,
): ComponentType<P> {
  function WithMessages(props: P) {
    const ready = useMessages(...areas);
    return ready ? <Screen {...props} /> : null;
  }
  WithMessages.displayName = `WithMessages(${Screen.displayName ?? Screen.name})`;
  return WithMessages;
}
