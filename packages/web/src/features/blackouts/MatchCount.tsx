import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAbortError, useApi, type Query } from '../../api';
import type { BlackoutFields } from './blackoutForm';
import { matchCountQuery } from './blackoutQuery';
import { countAlerts } from './blackoutsApi';
import { queryKeys } from '../../api/queryKeys';

/** Typing pauses this long before the count is asked again. */
export const MATCH_COUNT_DEBOUNCE_MS = 400;

/**
 * How many open alerts the blackout being edited would match now, asked again as its fields change, so an
 * administrator sees how wide it is before saving. Nothing until an environment is chosen (every blackout has one).
 */
export function MatchCount({ fields }: { fields: BlackoutFields }) {
  const { t } = useTranslation();
  const api = useApi();
  // The parameters as text: a new object each render must not restart the wait.
  const [key] = useDebouncedValue(JSON.stringify(matchCountQuery(fields)), MATCH_COUNT_DEBOUNCE_MS);
  const query = JSON.parse(key) as Query;
  const ready = typeof query.environment === 'string';
  const count = useQuery({
    queryKey: queryKeys.blackouts.wouldMatch(key),
    // The count only helps: a failure is said here, not in a snackbar over the form.
    queryFn: async ({ signal }) => {
      try {
        return await countAlerts(api, query, signal);
      } catch (error) {
        if (isAbortError(error)) throw error;
        return null;
      }
    },
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
  });

  let text = '';
  if (!ready) text = '';
  else if (count.data === undefined) text = t('blackouts.counting');
  else if (count.data === null) text = t('blackouts.countFailed');
  else if (count.data === 0) text = t('blackouts.matchNone');
  else if (count.data === 1) text = t('blackouts.matchOne');
  else text = t('blackouts.matchMany', { total: count.data });

  return (
    <Text size="sm" aria-live="polite" aria-busy={count.isFetching} {...(count.data === null ? { c: 'dimmed' } : {})}>
      {text}
    </Text>
  );
}
