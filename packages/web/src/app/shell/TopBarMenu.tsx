import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePauseWhileOpen } from '../../features/alerts';
import classes from './Shell.module.css';

/**
 * The phone's top-bar menu (docs/console/shell.md#phone-top-bar): one 44 px button that opens a panel under the bar
 * holding the controls that do not fit beside the name (search, watched only, refresh, full screen, the account).
 * Escape, a tap outside or going to another screen closes it.
 */
export function TopBarMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  usePauseWhileOpen(open);

  // A search or a link taken from the panel closes it.
  const [shownAt, setShownAt] = useState(`${pathname}${search}`);
  if (shownAt !== `${pathname}${search}`) {
    setShownAt(`${pathname}${search}`);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target;
      if (!(target instanceof Node) || rootRef.current?.contains(target)) return;
      // Dialogs and menus opened from the panel are portalled outside it.
      if (target instanceof Element && target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null)
        return;
      setOpen(false);
    };
    // Escape inside the panel closes it, unless something in it (the account card, a dialog) took the key first.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!(event.target instanceof Node) || panelRef.current?.contains(event.target) !== true) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={classes.menuButton}
        aria-label={t('shell.menu')}
        title={t('shell.menu')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden focusable={false} fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={t('shell.menu')}
          tabIndex={-1}
          className={classes.menuPanel}
        >
          {children}
        </div>
      )}
    </div>
  );
}
