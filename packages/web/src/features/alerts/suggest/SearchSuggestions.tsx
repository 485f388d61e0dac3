import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useImperativeHandle, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
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

/** How long typing must pause before values are asked for (docs/console/alert-screens.md#search-suggestions). */
const DEBOUNCE_MS = 200;
/** Values asked for, and shown, per field. */
const VALUE_LIMIT = 20;
const SHOWN_VALUES = 8;

/** What the search box's own keyboard handler and attributes get from the suggestions. */
export interface SuggestHandle {
  /** Handles the arrows, Enter and Escape while suggestions show; true when it took the key. */
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => boolean;
}

export interface SuggestAria {
  'aria-controls'?: string | undefined;
  'aria-activedescendant'?: string | undefined;
}

export interface SearchSuggestionsProps {
  ref: Ref<SuggestHandle>;
  text: string;
  caret: number;
  focused: boolean;
  /** Puts the chosen suggestion in the box, the caret where given. */
  onPick: (text: string, caret: number) => void;
  /** The box's attributes that tie it to the list: its id while shown, the option the arrows are on. */
  onAria: (aria: SuggestAria) => void;
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
export default function SearchSuggestions({ ref, text, caret, focused, onPick, onAria }: SearchSuggestionsProps) {
  const { t } = useTranslation();
  const listId = useId();
  const lacksFacets = useLacksGroupedRoutes();
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

  useEffect(() => {
    onAria({ 'aria-controls': open ? listId : undefined, 'aria-activedescendant': activeId });
  }, [open, listId, activeId, onAria]);
  useEffect(() => () => onAria({}), [onAria]);

  const pick = (option: Option) => {
    const next = replaceWord(text, word, option.insert);
    setClosedFor(option.insert.endsWith(':') ? null : wordAt(next.text, next.caret).text);
    onPick(next.text, next.caret);
  };

  useImperativeHandle(ref, () => ({
    onKeyDown: (event) => {
      if (!open) return false;
      switch (event.key) {
        case 'ArrowDown':
          setActive((index) => (index + 1) % options.length);
          break;
        case 'ArrowUp':
          setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
          break;
        case 'Enter': {
          const option = options[active];
          if (option === undefined) return false;
          pick(option);
          break;
        }
        case 'Escape':
          setClosedFor(word.text);
          break;
        default:
          return false;
      }
      event.preventDefault();
      return true;
    },
  }));

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
