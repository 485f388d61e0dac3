import { Suspense, useEffect, useState } from 'react';
import { lazyChunk } from '../lazyChunk';

// The list and its dialog load the first time someone asks for them.
const ShortcutsDialog = lazyChunk(() => import('./ShortcutsDialog'));

/** Whether a key pressed on `target` is typing (a text field, a list box, editable text) rather than a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * docs/console/plumbing.md#keyboard: `?` outside a text field (and outside an open dialog) lists the keyboard shortcuts
 * in a dialog, which Escape closes.
 */
export function KeyboardShortcuts() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"]') !== null) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
