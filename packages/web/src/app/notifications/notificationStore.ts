export type NotificationKind = 'success' | 'info' | 'error';

export interface Notification {
  id: number;
  text: string;
  kind: NotificationKind;
  /** How long it stays, in milliseconds (screens.md §2.6: 3 s for success, 5 s for errors). */
  timeoutMs: number;
}

type Listener = () => void;

/**
 * The snackbar queue (screens.md §2.6): first in, first out, and a text already waiting is not queued twice. Lives
 * outside React so the query cache can report failures into it.
 */
export class NotificationStore {
  private queue: readonly Notification[] = [];
  private readonly listeners = new Set<Listener>();
  private nextId = 1;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The notification on show, if any. */
  current = (): Notification | undefined => this.queue[0];

  push(text: string, kind: NotificationKind = 'info'): void {
    if (this.queue.some((n) => n.text === text)) return;
    const timeoutMs = kind === 'error' ? 5000 : 3000;
    this.queue = [...this.queue, { id: this.nextId++, text, kind, timeoutMs }];
    this.emit();
  }

  dismiss(id: number): void {
    const next = this.queue.filter((n) => n.id !== id);
    if (next.length === this.queue.length) return;
    this.queue = next;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
