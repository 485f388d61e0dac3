import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api';
import { queryKeys } from '../../../api/queryKeys';
import { useConfig } from '../../../config/ConfigContext';
import { useAlertsView } from '../useAlertsView';
import { fetchFacets } from '../facetsApi';
import { noteGroupedRoutesMissing, useLacksGroupedRoutes } from '../serverRoutes';
import { DEFAULT_STATUS } from '../useAlertsQuery';
import { useFilterParams } from '../useFilterParams';
import {
  fieldsStartingWith,
  partialQuery,
  replaceWord,
  wanted,
  wordAt,
  writeValue,
  type Wanted,
} from './searchSuggest';
import classes from './SearchSuggestions.module.css';
import { withMessages } from '../../../i18n/areas';
import { alertsMessages } from '../messages';

/** How long typing must pause before values are asked for (docs/console/alert-screens.md#search-suggestions). */
const DEBOUNCE_MS = 200;
/** Values asked for, and shown, per field. */
const VALUE_LIMIT = 20;
const SHOWN_VALUES = 8;

export interface SearchSuggestionsProps {
  /** The search box, which keeps the focus: its keys, caret and focus are followed here. */
  input: RefObject<HTMLInputElement | null>;
  text: string;
  /** Puts the chosen suggestion in the box. */
  onPick: (text: string) => void;
}

interface Option {
  id: string;
  label: string;
  insert: string;
}

/** The values of one field with their counts, for the part typed, from GET /alerts/facets under the list's filter. */
function useValueOptions(want: Wanted, enabled: boolean): { value: string; count: number }[] {
  const api = useApi();
  const config = useConfig();
  const { view } = useAlertsView();
  // The list's filter without its search, which is what is being typed.
  const filter = useFilterParams(view, null, undefined, config.filter.status ?? DEFAULT_STATUS);
  const [debounced] = useDebouncedValue(want, DEBOUNCE_MS);
  const ready =
    enabled &&
    debounced.kind === 'values' &&
    want.kind === 'values' &&
    debounced.field === want.field &&
    debounced.partial === want.partial;
  const params = useMemo(
    () =>
      debounced.kind !== 'values'
        ? null
        : {
            ...filter,
            q: partialQuery(debounced.field, debounced.partial),
            fields: [debounced.facet],
            limit: VALUE_LIMIT,
          },
    [debounced, filter],
  );
  const query = useQuery({
    queryKey: queryKeys.searchValues(params),
    queryFn: ({ signal }) => (params === null ? null : fetchFacets(api, params, signal)),
    enabled: ready && params !== null,
    staleTime: 30_000,
    retry: false,
  });
  const missing = query.data === null && params !== null && query.isSuccess;
  useEffect(() => {
    if (missing) noteGroupedRoutesMissing(api);
  }, [missing, api]);
  if (want.kind !== 'values' || debounced.kind !== 'values' || query.data === undefined || query.data === null)
    return [];
  const lower = want.partial.toLowerCase();
  const facet = query.data.facets[debounced.facet];
  return (facet?.values ?? []).filter(({ value }) => value.toLowerCase().includes(lower)).slice(0, SHOWN_VALUES);
}

/**
 * The search box's suggestions (docs/console/alert-screens.md#search-suggestions), loaded the first time the box is
 * approached: field names while a field is typed, then that field's values with their counts (`web01 (12)`), under the
 * box as a list box the arrows move through (the box keeps the focus and names the option), Enter or a click puts the
 * suggestion in, Escape closes it. Values are hidden on a server without GET /alerts/facets.
 */
function SearchSuggestions({ input, text, onPick }: SearchSuggestionsProps) {
  const { t } = useTranslation();
  const listId = useId();
  const lacksFacets = useLacksGroupedRoutes();
  const [focused, setFocused] = useState(() => input.current !== null && document.activeElement === input.current);
  const [caret, setCaret] = useState(() => input.current?.selectionStart ?? text.length);
  const word = useMemo(() => wordAt(text, caret), [text, caret]);
  const want = useMemo(() => wanted(word), [word]);
  const values = useValueOptions(want, focused && !lacksFacets);
  const options: Option[] = useMemo(() => {
    if (want.kind === 'fields') {
      return fieldsStartingWith(want.prefix).map((field, index) => ({
        id: `${listId}-${index}`,
        label: `${field}:`,
        insert: `${field}:`,
      }));
    }
    if (want.kind === 'values') {
      return values.map(({ value, count }, index) => ({
        id: `${listId}-${index}`,
        label: t('alerts.facets.value', { value, count }),
        insert: `${want.field}:${writeValue(value)} `,
      }));
    }
    return [];
  }, [want, values, listId, t]);
  // Closed by Escape or a pick until the word changes.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const [shownFor, setShownFor] = useState(word.text);
  if (shownFor !== word.text) {
    setShownFor(word.text);
    setActive(-1);
    if (closedFor !== null) setClosedFor(null);
  }
  const open = focused && options.length > 0 && closedFor !== word.text;
  const activeId = open ? options[active]?.id : undefined;

  // Where the caret goes once a picked suggestion is in the box.
  const placeCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const box = input.current;
    if (placeCaret.current === null || box === null) return;
    box.setSelectionRange(placeCaret.current, placeCaret.current);
    setCaret(placeCaret.current);
    placeCaret.current = null;
  }, [text, input]);

  const pick = (option: Option) => {
    const next = replaceWord(text, word, option.insert);
    setClosedFor(option.insert.endsWith(':') ? null : wordAt(next.text, next.caret).text);
    placeCaret.current = next.caret;
    onPick(next.text);
  };

  // The box ties itself to the list (which it names, with the option the arrows are on) while it shows.
  useEffect(() => {
    const box = input.current;
    if (box === null) return;
    box.setAttribute('aria-autocomplete', 'list');
    box.setAttribute('aria-haspopup', 'listbox');
    const set = (name: string, value: string | undefined) =>
      value === undefined ? box.removeAttribute(name) : box.setAttribute(name, value);
    set('aria-controls', open ? listId : undefined);
    set('aria-activedescendant', activeId);
  }, [input, open, listId, activeId]);

  // The keys, caret and focus of the box, which React renders elsewhere (the top bar).
  const keys = useRef<(event: KeyboardEvent) => void>(() => undefined);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter': {
        const option = options[active];
        // Enter on no suggestion searches, as ever.
        if (option === undefined) return;
        pick(option);
        break;
      }
      case 'Escape':
        setClosedFor(word.text);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
  useLayoutEffect(() => {
    keys.current = onKeyDown;
  });
  useEffect(() => {
    const box = input.current;
    if (box === null) return;
    const onKey = (event: KeyboardEvent) => keys.current(event);
    const onCaret = () => setCaret(box.selectionStart ?? box.value.length);
    const onFocus = () => setFocused(true);
    const onBlur = () => setFocused(false);
    const caretEvents = ['input', 'select', 'keyup', 'click'] as const;
    box.addEventListener('keydown', onKey);
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    for (const name of caretEvents) box.addEventListener(name, onCaret);
    // The box may have taken the focus, or the caret moved, between the first render and now, with no one listening.
    if (document.activeElement === box) onFocus();
    onCaret();
    return () => {
      box.removeEventListener('keydown', onKey);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
      for (const name of caretEvents) box.removeEventListener(name, onCaret);
      for (const name of ['aria-autocomplete', 'aria-haspopup', 'aria-controls', 'aria-activedescendant']) {
        box.removeAttribute(name);
      }
    };
  }, [input]);

  if (!open) return null;
  return (
    <>
      <ul id={listId} role="listbox" className={classes.list} aria-label={t('alerts.suggest.label')}>
        {options.map((option, index) => (
          // The keyboard stays in the search box, which moves through the options (aria-activedescendant): an option
          // takes clicks only.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={option.id}
            id={option.id}
            role="option"
            aria-selected={index === active}
            className={classes.option}
            // The box keeps the focus: a click picks without leaving it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      <span className={classes.status} role="status">
        {t('alerts.suggest.count', { count: options.length })}
      </span>
    </>
  );
}

/** With its texts, which load with it (docs/console/alert-screens.md). */
export default withMessages([alertsMessages], SearchSuggestions);
