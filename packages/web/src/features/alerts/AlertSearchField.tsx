import { CloseButton, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertsView } from './useAlertsView';

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** The top bar search (console.md §2): Enter sets `?q=` and searches; `/` anywhere else jumps here. */
export function AlertSearchField() {
  const { t } = useTranslation();
  const { q, setQuery } = useAlertsView();
  const [text, setText] = useState(q ?? '');
  const input = useRef<HTMLInputElement>(null);
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
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        setQuery(text);
      }}
      style={{ flex: '0 1 420px', minWidth: 120 }}
    >
      <TextInput
        ref={input}
        type="search"
        aria-label={t('alerts.search')}
        placeholder={t('alerts.searchPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
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
    </form>
  );
}
