/**
 * The Fullscreen API on the whole page (docs/console/shell.md#top-bar). The root element, not the app's own: dialogs
 * and menus are drawn outside it and must stay visible in full screen.
 */

/** False where the browser, an iframe without `allowfullscreen`, or a policy rules full screen out. */
export function fullscreenEnabled(): boolean {
  return document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === 'function';
}

export function isFullscreen(): boolean {
  return (document.fullscreenElement ?? null) !== null;
}

export function subscribeFullscreen(listener: () => void): () => void {
  document.addEventListener('fullscreenchange', listener);
  return () => document.removeEventListener('fullscreenchange', listener);
}

/**
 * Asks for full screen. Browsers grant it only during a user gesture (a click, a key press); a refusal is expected,
 * so it resolves to whether it worked instead of failing.
 */
export async function enterFullscreen(): Promise<boolean> {
  if (!fullscreenEnabled()) return false;
  if (isFullscreen()) return true;
  try {
    await document.documentElement.requestFullscreen();
    return true;
  } catch {
    return false;
  }
}

export async function exitFullscreen(): Promise<void> {
  if (!isFullscreen()) return;
  try {
    await document.exitFullscreen();
  } catch {
    // Already left (Escape pressed meanwhile): nothing to do.
  }
}
