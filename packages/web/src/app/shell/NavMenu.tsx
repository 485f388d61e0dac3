import { Divider, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useConfig } from '../../config/ConfigContext';
import { useSession, isAllowed } from '../../features/auth';
import { DOCS_URL } from '../../config/defaults';
import { ExternalLinkIcon } from './icons';
import { visibleNavEntries, type NavEntry } from './navEntries';
import { SavedSearchesNav } from './SavedSearchesNav';

function NavItem({ entry, active, onNavigate }: { entry: NavEntry; active: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  if (entry.external === true) {
    return (
      <NavLink
        component="a"
        href={DOCS_URL}
        target="_blank"
        rel="noopener noreferrer"
        label={
          <>
            {t(entry.labelKey)} <VisuallyHidden>{t('shell.opensInNewTab')}</VisuallyHidden>
          </>
        }
        rightSection={<ExternalLinkIcon />}
      />
    );
  }
  return (
    <NavLink
      component={Link}
      to={entry.path}
      label={t(entry.labelKey)}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/**
 * The navigation drawer's entries (docs/console/behaviour.md#screens-and-routes App shell), hiding what the visitor may
 * not open.
 */
export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const config = useConfig();
  const session = useSession();
  const { pathname } = useLocation();
  const entries = visibleNavEntries({ config, loggedIn: session !== null }, (scope) =>
    isAllowed(config, session, scope),
  );
  const main = entries.filter((e) => e.group === 'main');
  const personal = entries.filter((e) => e.group === 'personal');
  const isActive = (path: string) => pathname === path || (path === '/alerts' && pathname.startsWith('/alert/'));
  return (
    <Stack gap={0}>
      {main.map((entry) => (
        <Fragment key={entry.path}>
          <NavItem entry={entry} active={isActive(entry.path)} onNavigate={onNavigate} />
          {/* The saved searches follow Alerts, and like it need read:alerts. */}
          {entry.path === '/alerts' && <SavedSearchesNav onNavigate={onNavigate} />}
        </Fragment>
      ))}
      <Divider my="sm" />
      {personal.map((entry) => (
        <NavItem key={entry.path} entry={entry} active={isActive(entry.path)} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
