import { ActionIcon, CloseButton, Group, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth';
import { useSavedSearches } from '../preferences';
import { usePauseWhileOpen } from './AlertsUiContext';
import { PinIcon } from '../../shared/icons';
import touch from '../../shared/touchTargets.module.css';
import { useAlertsView } from './useAlertsView';

// The name prompt of the pin loads on first use.
const SaveSearchDialog = lazy(() => import('./SaveSearchDialog'));
// docs/console/alert-screens.md#search-suggestions: the suggestions load when the box is first approached.
const SearchSuggestions = lazy(() => import('./suggest/SearchSuggestions'));

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The top bar search (docs/console/behaviour.md#screens-and-routes): Enter sets `?q=` and searches; `/` anywhere else
 * jumps here. The pin saves the search, and the list's grouping, under a name among the logged-in user's saved searches
 * (docs/console/shell.md#top-bar).
 */
export function AlertSearchField() {
  const { t } = useTranslation();
  const { q, view, setQuery } = useAlertsView();
  // docs/console/alert-screens.md#grouped-view: a search saved while the list is grouped keeps its grouping.
  const { groupBy, groupSort } = view;
  const grouped = groupBy.length > 0;
  const loggedIn = useSession() !== null;
  const [text, setText] = useState(q ?? '');
  const [saving, setSaving] = useState<string | null>(null);
  const saved = useSavedSearches();
  usePauseWhileOpen(saving !== null);
  const input = useRef<HTMLInputElement>(null);
  const [suggesting, setSuggesting] = useState(false);
  const approach = () => setSuggesting(true);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    // The URL changed (a link, back button, saved search): show its search.
    setShownQ(q);
    setText(q ?? '');
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <form
        role="search"
        className={touch.touch}
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text);
        }}
        style={{ flex: '0 1 420px', minWidth: 120, position: 'relative' }}
      >
        <Group gap={4} wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            ref={input}
            type="search"
            aria-label={t('alerts.search')}
            placeholder={t('alerts.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onPointerEnter={approach}
            onFocus={approach}
            rightSection={
              text === '' ? null : (
                <CloseButton
                  size="sm"
                  aria-label={t('alerts.clearSearch')}
                  onClick={() => {
                    setText('');
                    setQuery(null);
                  }}
                />
              )
            }
          />
          {loggedIn && (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('searches.save')}
              title={t('searches.save')}
              disabled={text.trim() === '' && !grouped}
              onClick={() => setSaving(text.trim())}
            >
              <PinIcon />
            </ActionIcon>
          )}
        </Group>
        {suggesting && (
          <Suspense fallback={null}>
            <SearchSuggestions input={input} text={text} onPick={setText} />
          </Suspense>
        )}
      </form>
      {/* Outside the form: a submit in the dialog must not also submit the search. */}
      {saving !== null && (
        <Suspense fallback={null}>
          <SaveSearchDialog
            q={saving}
            groupBy={groupBy}
            names={saved.queries.map((entry) => entry.text)}
            onSave={(name) => saved.save(name, saving, { groupBy, groupSort })}
            onClose={() => setSaving(null)}
          />
        </Suspense>
      )}
    </>
  );
}
