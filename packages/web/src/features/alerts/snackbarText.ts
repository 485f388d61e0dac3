import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../api';

/** console.md §8: the server's message with its code in parentheses; otherwise the error's name and message. */
export function snackbarText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return `${error.message} (${error.code})`;
  if (error instanceof NetworkError) return t('error.connection');
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
