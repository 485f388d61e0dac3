/** docs/console/plumbing.md#routes: `/#/alerts` style links from the hash-mode era become `/alerts`. */
export function legacyHashTarget(hash: string): string | null {
  return hash.startsWith('#/') ? hash.slice(1) : null;
}

/** Rewrites the address bar before the router starts, so the router only ever sees history-mode paths. */
export function rewriteLegacyHashUrl(win: Pick<Window, 'location' | 'history'>): void {
  const target = legacyHashTarget(win.location.hash);
  if (target !== null) win.history.replaceState(null, '', target);
}

/**
 * docs/console/behaviour.md#screens-and-routes: a path that is itself an absolute http, https or ftp address opens in a
 * new window.
 */
export function externalUrlFromPath(pathname: string): string | null {
  const candidate = pathname.replace(/^\/+/, '');
  return /^(?:https?|ftp):\/\//i.test(candidate) ? candidate : null;
}

/** The login screen's target after success: only a same-site path, never another origin. */
export function safeRedirectPath(redirect: string | null): string {
  if (redirect === null || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) {
    return '/alerts';
  }
  return redirect;
}

export function loginPathFor(fullPath: string): string {
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * The routes of signing in and out (docs/console/behaviour.md#screens-and-routes), where coming back after logging in
 * makes no sense.
 */
export function isAccountPath(pathname: string): boolean {
  return /^\/(?:login|signup|forgot|logout|confirm\/|reset\/)/.test(pathname);
}

/**
 * The top bar's log-in and sign-up links: they bring the visitor back to where they were (a read-only visitor,
 * say), except from the account screens themselves.
 */
export function accountLinkFrom(target: '/login' | '/signup', fullPath: string): string {
  const pathname = fullPath.split(/[?#]/, 1)[0] ?? '';
  if (isAccountPath(pathname) || pathname === '/' || fullPath === '/alerts') return target;
  return `${target}?redirect=${encodeURIComponent(fullPath)}`;
}
