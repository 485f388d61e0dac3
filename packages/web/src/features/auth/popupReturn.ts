/** The `type` of the message a sign-in popup sends its opener on its way back from the identity provider. */
export const POPUP_RESULT = 'alerta-sign-in-result';

/** Whether `win` was opened by a page of this same site (reading a foreign opener's location throws). */
function openedByThisSite(win: Window): boolean {
  try {
    const opener = win.opener as Window | null;
    return opener !== null && opener !== win && opener.location.origin === win.location.origin;
  } catch {
    return false;
  }
}

/**
 * In the sign-in popup, back from the identity provider with `?code&state` or `?error`
 * (docs/console/plumbing.md#sign-in-providers): hands the answer to the console that opened it, which closes the popup.
 * True when it did, so this window starts no console of its own. The opener also watches the popup's address, so this
 * is a second way, not the only one.
 */
export function handOffSignInResult(win: Window): boolean {
  const params = new URLSearchParams(win.location.search);
  if (!params.has('state') || !(params.has('code') || params.has('error'))) return false;
  if (!openedByThisSite(win)) return false;
  (win.opener as Window).postMessage({ type: POPUP_RESULT, search: win.location.search }, win.location.origin);
  return true;
}
