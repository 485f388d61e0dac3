import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useConfig } from '../config/ConfigContext';
import { useSession } from '../features/auth';
import { NotFoundScreen } from './NotFoundScreen';
import { externalUrlFromPath, legacyHashTarget, loginPathFor } from './redirects';

/**
 * docs/console/behaviour.md#screens-and-routes guard: with auth required, a visitor who is not logged in goes to the
 * login screen with the original address in `redirect`, unless read-only access is allowed.
 */
export function RequireLogin() {
  const config = useConfig();
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  if (config.auth_required && session === null && !config.allow_readonly) {
    return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  }
  return <Outlet />;
}

/** Opens `url` in a new tab once, then returns to where the visitor was (or the alerts screen on a fresh load). */
export function OpenInNewTab({ url }: { url: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    window.open(url, '_blank', 'noopener,noreferrer');
    // A first page of the session has no history entry of ours to go back to.
    if (location.key === 'default') void navigate('/alerts', { replace: true });
    else void navigate(-1);
  }, [url, navigate, location.key]);
  return null;
}

/**
 * Every path without a screen (docs/console/plumbing.md#routes): an old hash link goes to its path, an absolute address
 * opens in a new window, and anything else is not found.
 */
export function UnknownPath() {
  const { pathname, hash } = useLocation();
  const legacy = legacyHashTarget(hash);
  if (legacy !== null) return <Navigate to={legacy} replace />;
  const external = externalUrlFromPath(pathname);
  if (external !== null) return <OpenInNewTab url={external} />;
  return <NotFoundScreen />;
}

/** `/` itself: an old hash link goes to its path, else the alert list. */
export function RootRedirect() {
  const { hash } = useLocation();
  return <Navigate to={legacyHashTarget(hash) ?? '/alerts'} replace />;
}
