import { useEffect, useState } from 'react';
import { enterFullscreen, fullscreenEnabled } from './fullscreen';

/** What the URL says about kiosk mode: on (`?kiosk`, any value), off (`kiosk=0`, `kiosk=false`) or nothing. */
export function kioskRequest(search: string): boolean | null {
  const params = new URLSearchParams(search);
  if (!params.has('kiosk')) return null;
  const value = (params.get('kiosk') ?? '').toLowerCase();
  return value !== 'false' && value !== '0';
}

/**
 * Whether the chrome is hidden. `/alerts?kiosk` turns kiosk mode on for the rest of the visit, as the reference keeps
 * it in its store: opening an alert and coming back (to a plain /alerts) stays in kiosk mode. Only the alert list and
 * an alert's page are shown that way; `/alerts?kiosk=0`, or loading the page again without the flag, turns it off.
 */
export function useKiosk(pathname: string, search: string): boolean {
  const onAlerts = pathname === '/alerts';
  const request = onAlerts ? kioskRequest(search) : null;
  const [kept, setKept] = useState(request === true);
  // Derived from the URL while rendering, so the chrome never flashes in between.
  if (request !== null && request !== kept) setKept(request);
  return (request ?? kept) && (onAlerts || pathname.startsWith('/alert/'));
}

/**
 * docs/console/shell.md#kiosk-mode: kiosk mode asks for full screen. Browsers grant that only during a user gesture,
 * and opening a kiosk link is usually a fresh page load with none, so when the request is (or would be) refused it is
 * made again on the first click or key press anywhere on the page, once: leaving full screen afterwards (Escape) is
 * respected.
 */
export function useKioskFullscreen(kiosk: boolean): void {
  useEffect(() => {
    if (!kiosk || !fullscreenEnabled()) return;
    let stopped = false;
    const onGesture = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key === 'Escape') return;
      stop();
      void enterFullscreen();
    };
    const stop = () => {
      stopped = true;
      window.removeEventListener('click', onGesture, true);
      window.removeEventListener('keydown', onGesture, true);
    };
    const waitForGesture = () => {
      if (stopped) return;
      window.addEventListener('click', onGesture, true);
      window.addEventListener('keydown', onGesture, true);
    };
    // Where the browser tells, a request without a gesture is not even tried (some log the refusal).
    const activation: UserActivation | undefined = navigator.userActivation;
    if (activation === undefined || activation.isActive) {
      void enterFullscreen().then((entered) => {
        if (!entered) waitForGesture();
      });
    } else {
      waitForGesture();
    }
    return stop;
  }, [kiosk]);
}
