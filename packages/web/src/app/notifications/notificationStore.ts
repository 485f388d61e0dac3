/** The snackbar's colour: the server's `status` word for API errors, else what the message is about. */
export type NotificationKind = 'success' | 'info' | 'warning' | 'error';

/** The colours a problem can take. */
export type ProblemKind = Exclude<NotificationKind, 'success'>;

/** The snackbar's button: OK acknowledges good news, Close dismisses a problem (docs/console/behaviour.md#errors). */
export type NotificationAction = 'ok' | 'close';

export interface Notification {
  id: number;
  text: string;
  kind: NotificationKind;
  /** How long it stays, in milliseconds. */
  timeoutMs: number;
  action: NotificationAction;
  /** A second button that does something (Undo), next to OK or Close. */
  offer?: NotificationOffer;
  /** Messages with the same key replace one another rather than queue (docs/console/behaviour.md#undo). */
  key?: string;
}

/** The extra button of a message: its label and what it does; the message closes when it is pressed. */
export interface NotificationOffer {
  label: string;
  run: () => void;
}

/** docs/console/behaviour.md#errors: good news shows for 3 s, anything else for 5 s. */
export const SUCCESS_TIMEOUT_MS = 3000;
export const ERROR_TIMEOUT_MS = 5000;
/** docs/console/behaviour.md#undo: a message offering Undo stays for 8 s. */
export const OFFER_TIMEOUT_MS = 8000;

const PROBLEM_KINDS: readonly string[] = ['info', 'warning', 'error'] satisfies ProblemKind[];

/** The colour for the `status` word of a server's error answer; anything else is shown as an error. */
export function problemKind(status: string | undefined): ProblemKind {
  return status !== undefined && PROBLEM_KINDS.includes(status) ? (status as ProblemKind) : 'error';
}

/** docs/console/behaviour.md#errors: every message starts with a capital letter, whoever wrote it. */
export function capitalise(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toUpperCase() + text.slice(head.length);
}

type Listener = () => void;

/**
 * The snackbar queue (docs/console/behaviour.md#errors, docs/console/shell.md#snackbar-and-banner): one message at a
 * time, first in first out, and a text already waiting or on show is not queued again. Lives outside React so the query
 * cache can report failures into it.
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

  /** Queues `text`; success messages get OK and 3 s, every other kind Close and 5 s. */
  push(text: string, kind: NotificationKind = 'info'): void {
    const shown = capitalise(text);
    if (this.queue.some((n) => n.text === shown)) return;
    const success = kind === 'success';
    this.queue = [
      ...this.queue,
      {
        id: this.nextId++,
        text: shown,
        kind,
        timeoutMs: success ? SUCCESS_TIMEOUT_MS : ERROR_TIMEOUT_MS,
        action: success ? 'ok' : 'close',
      },
    ];
    this.emit();
  }

  success(text: string): void {
    this.push(text, 'success');
  }

  error(text: string, kind: ProblemKind = 'error'): void {
    this.push(text, kind);
  }

  /**
   * docs/console/behaviour.md#undo: shows `text` with the button `offer` at once, ahead of any waiting message, for 8 s;
   * it takes the place of an earlier message with the same `key`, so a second action replaces the first one's Undo.
   */
  offer(text: string, offer: NotificationOffer, key: string, kind: NotificationKind = 'success'): void {
    const rest = this.queue.filter((n) => n.key !== key);
    this.queue = [
      { id: this.nextId++, text: capitalise(text), kind, timeoutMs: OFFER_TIMEOUT_MS, action: 'ok', offer, key },
      ...rest,
    ];
    this.emit();
  }

  /** Takes away the message with `key`, if any is waiting or on show. */
  dismissKey(key: string): void {
    const next = this.queue.filter((n) => n.key !== key);
    if (next.length === this.queue.length) return;
    this.queue = next;
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
