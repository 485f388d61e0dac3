import { ActionIcon, Group, NavLink } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { hashWithGrouping, parseViewHash, sameGrouping, savedGrouping } from '../../features/alerts';
import { useSavedSearches } from '../../features/preferences';
import { ChevronIcon, RemoveIcon } from './icons';

/**
 * The drawer's "Searches" group (docs/console/shell.md#navigation-drawer): shown once the user has saved a search; each
 * entry opens the list with that search and the grouping saved with it (keeping the list's filter when it is already
 * open) and can be removed.
 */
export function SavedSearchesNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { queries, remove } = useSavedSearches();
  const { pathname, search, hash } = useLocation();
  const [open, setOpen] = useState(false);
  if (queries.length === 0) return null;
  const onAlerts = pathname === '/alerts';
  const currentQ = onAlerts ? (new URLSearchParams(search).get('q') ?? '') : null;
  const currentView = parseViewHash(onAlerts ? hash : '');
  return (
    <>
      <NavLink
        component="button"
        type="button"
        label={t('searches.group')}
        aria-expanded={open}
        aria-controls={open ? 'saved-searches' : undefined}
        onClick={() => setOpen((value) => !value)}
        rightSection={<ChevronIcon open={open} />}
      />
      {open && (
        <ul id="saved-searches" aria-label={t('searches.group')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {queries.map((entry) => {
            const grouping = savedGrouping(entry);
            return (
              <li key={`${entry.text}\n${entry.q}`}>
                <Group gap={0} wrap="nowrap">
                  <NavLink
                    component={Link}
                    to={{
                      pathname: '/alerts',
                      search: `?${new URLSearchParams({ q: entry.q }).toString()}`,
                      hash: hashWithGrouping(onAlerts ? hash : '', grouping),
                    }}
                    label={entry.text}
                    title={entry.q}
                    active={currentQ === entry.q && sameGrouping(currentView, grouping)}
                    onClick={onNavigate}
                    pl="xl"
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('searches.delete', { name: entry.text })}
                    title={t('searches.delete', { name: entry.text })}
                    onClick={() => void remove(entry)}
                  >
                    <RemoveIcon />
                  </ActionIcon>
                </Group>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
