import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from './errors';

/** What to tell the user about a failed call: the API's own message when there is one. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof NetworkError) return t('error.network');
  return error instanceof Error ? error.message : String(error);
}
