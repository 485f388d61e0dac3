import { Anchor, Burger, Button, Center, Group, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useConfig } from '../../config/ConfigContext';
import { useSession } from '../../features/auth';
import {
  AlertSearchField,
  AlertsUiProvider,
  useAlertsUi,
  AlertsUiStore,
  BulkBar,
  WatchSwitch,
} from '../../features/alerts';
import { LiveProvider } from '../../features/live';
import { DocumentTitle } from '../DocumentTitle';
import { accountLinkFrom } from '../redirects';
import { NavMenu } from './NavMenu';
import { RefreshButton } from './RefreshButton';
import { UserMenu } from './UserMenu';
import { useKiosk, useKioskFullscreen } from './kiosk';
import { BannerArea, BannerProvider } from './Banner';
import { FullscreenButton } from './FullscreenButton';
import { TopBarMenu } from './TopBarMenu';
import { ColorSchemePreference, LanguagePreference } from '../../features/preferences';
import { Snackbar } from '../notifications/Snackbar';
import touch from '../../shared/touchTargets.module.css';
import classes from './Shell.module.css';

const DESKTOP_QUERY = '(min-width: 48em)';

/** The frame around every screen (docs/console/shell.md): top bar, navigation drawer and the content area. */
export function Shell() {
  // Shared by the top bar (search, watch switch, bulk bar) and the alerts screen.
  const [alertsUi] = useState(() => new AlertsUiStore());
  return (
    <AlertsUiProvider store={alertsUi}>
      <LiveProvider>
        <BannerProvider>
          <ShellFrame />
        </BannerProvider>
      </LiveProvider>
    </AlertsUiProvider>
  );
}

function ShellFrame() {
  const { t } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const location = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true) ?? true;
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);

  const onAlerts = location.pathname === '/alerts';
  const bulkMode = useAlertsUi((s) => s.selected.size > 0) && onAlerts;
  const kiosk = useKiosk(location.pathname, location.search);
  useKioskFullscreen(kiosk);
  // docs/console/shell.md#navigation-drawer: the drawer exists when logged in, when auth is off, or when read-only
  // access is allowed.
  const hasDrawer = session !== null || !config.auth_required || config.allow_readonly;
  const drawerOpen = isDesktop ? desktopOpen : mobileOpen;
  const toggleDrawer = () => (isDesktop ? setDesktopOpen((open) => !open) : setMobileOpen((open) => !open));
  const onAuthScreen = location.pathname === '/login' || location.pathname === '/signup';
  const here = `${location.pathname}${location.search}${location.hash}`;

  const content = (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader aria-label={t('shell.loading')} />
        </Center>
      }
    >
      <Outlet />
    </Suspense>
  );

  if (kiosk) {
    return (
      <main>
        <DocumentTitle />
        <LanguagePreference />
        <ColorSchemePreference />
        <BannerArea />
        {content}
        <Snackbar />
      </main>
    );
  }

  const showNavbar = hasDrawer && drawerOpen;
  const visitorButtons = (size: 'xs' | 'md') =>
    session === null &&
    !onAuthScreen &&
    !bulkMode && (
      <>
        {config.signup_enabled && (
          <Button component={Link} to={accountLinkFrom('/signup', here)} variant="outline" radius="xl" size={size}>
            {t('shell.signUp')}
          </Button>
        )}
        <Button component={Link} to={accountLinkFrom('/login', here)} radius="xl" size={size}>
          {t('shell.logIn')}
        </Button>
      </>
    );
  return (
    <div className={classes.root}>
      <DocumentTitle />
      <LanguagePreference />
      <ColorSchemePreference />
      <a href="#main-content" className={classes.skipLink}>
        {t('shell.skipToContent')}
      </a>
      <header className={`${classes.header} ${touch.touch}`} data-bulk={bulkMode ? '' : undefined}>
        {bulkMode ? (
          <BulkBar />
        ) : (
          <Group gap="sm" wrap="nowrap" className={classes.brand}>
            {hasDrawer && (
              <Burger
                opened={drawerOpen}
                onClick={toggleDrawer}
                size="sm"
                className={classes.burger}
                aria-label={t('shell.toggleNavigation')}
                aria-expanded={drawerOpen}
                aria-controls="app-navigation"
              />
            )}
            <Anchor
              component={Link}
              to="/alerts"
              fw={700}
              fz="xl"
              underline="never"
              c="inherit"
              className={classes.appName}
            >
              {t('app.name')}
            </Anchor>
          </Group>
        )}
        {isDesktop && onAlerts && !bulkMode && <AlertSearchField />}
        {isDesktop ? (
          <Group gap="xs" wrap="nowrap" className={classes.controls}>
            {onAlerts && !bulkMode && session !== null && <WatchSwitch />}
            <FullscreenButton />
            <RefreshButton />
            {session !== null && <UserMenu session={session} />}
            {visitorButtons('xs')}
          </Group>
        ) : (
          !bulkMode && (
            // docs/console/shell.md#phone-top-bar: on a phone every control but the drawer's button is in one menu.
            <TopBarMenu>
              {onAlerts && <AlertSearchField />}
              {onAlerts && session !== null && <WatchSwitch />}
              <RefreshButton labelled />
              <FullscreenButton labelled />
              {session !== null && <UserMenu session={session} wide />}
              {visitorButtons('md')}
            </TopBarMenu>
          )
        )}
      </header>
      {showNavbar && !isDesktop && (
        // On a phone the drawer covers the content; a tap beside it closes it (docs/console/shell.md#navigation-drawer).
        <div className={classes.backdrop} aria-hidden onClick={() => setMobileOpen(false)} />
      )}
      {showNavbar && (
        <nav id="app-navigation" className={`${classes.navbar} ${touch.touch}`} aria-label={t('shell.navigation')}>
          <NavMenu onNavigate={() => setMobileOpen(false)} />
        </nav>
      )}
      <main
        id="main-content"
        tabIndex={-1}
        className={`${classes.main} ${touch.touch}`}
        data-with-navbar={showNavbar ? '' : undefined}
      >
        <BannerArea />
        {content}
      </main>
      <Snackbar />
    </div>
  );
}
