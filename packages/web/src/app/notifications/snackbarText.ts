import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../api';
import { ChunkLoadError } from '../lazyChunk';
import { problemKind, type NotificationStore, type ProblemKind } from './notificationStore';

/**
 * docs/console/behaviour.md#errors: the server's message with its code in parentheses; no answer at all, or a part of
 * the console that would not load, in our words; otherwise the error's name and message.
 */
export function snackbarText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  if (error instanceof NetworkError) return t('error.connection');
  if (error instanceof ChunkLoadError) return t('error.chunkLoad');
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** The colour: the server's own status word for its errors, red for everything else. */
export function snackbarKind(error: unknown): ProblemKind {
  return error instanceof ApiError ? problemKind(error.kind) : 'error';
}

/** Reports a failure in the snackbar. */
export function notifyError(notifications: NotificationStore, error: unknown, t: TFunction): void {
  notifications.error(snackbarText(error, t), snackbarKind(error));
}
