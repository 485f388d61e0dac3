// Stylesheets of the components only this lazy panel uses load with it.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Drawer.css';
import type { AlertFacet } from '@alerta/contract';
import { Alert as Callout, CloseButton, Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../../api';
import { errorMessage } from '../../../api/errorMessage';
import { queryKeys } from '../../../api/queryKeys';
import { useNotifications } from '../../../app/notifications/Snackbar';
import type { AlertsFilterParams } from '../../../shared/alertsApi';
import { icon } from '../../../shared/icons';
import { usePauseWhileOpen } from '../AlertsUiContext';
import { FACET_FIELD_NAMES } from '../filterChips';
import { readClause, searchClauses, type FacetField, type ValueFilter } from '../searchClauses';
import { applyValueFilter, FACET_FIELDS, hasValueFilter } from '../valueFilters';
import { noteGroupedRoutesMissing } from '../serverRoutes';
import { fetchFacets } from '../facetsApi';
import classes from './Facets.module.css';
import { withMessages } from '../../../i18n/areas';
import { alertsMessages } from '../messages';

/** Values listed per field (docs/console/alert-screens.md#facets). */
const FACET_LIMIT = 10;

/** From this width the panel sits beside the list; below it, it is a sheet over the list. */
const WIDE_QUERY = '(min-width: 48em)';

const excludeIcon = icon(
  <>
    <circle cx="12" cy="12" r="8" />
    <path d="M6.5 6.5l11 11" />
  </>,
  16,
);

export interface FacetsPanelProps {
  /** The list's filter (search, tab, filter sheet), which the values are counted under. */
  filterParams: AlertsFilterParams;
  /** The search (`?q=`), which a value filter changes. */
  q: string | null;
  enabled: boolean;
  onSearch: (q: string | null) => void;
  onClose: () => void;
}

interface FacetValueProps {
  field: FacetField;
  fieldName: string;
  /** null for the alerts without a value. */
  value: string | null;
  count: number;
  clauses: readonly string[] | null;
  onApply: (filter: ValueFilter) => void;
}

/** One value: a button that shows only its alerts (Alt-click: all but them), and one that leaves them out. */
const FacetValue = memo(function FacetValue({ field, fieldName, value, count, clauses, onApply }: FacetValueProps) {
  const { t } = useTranslation();
  const shown = value ?? t('alerts.grouping.none');
  const kept = hasValueFilter(clauses, { field, value, exclude: false });
  const left = hasValueFilter(clauses, { field, value, exclude: true });
  const exclude = t('alerts.facets.exclude', { field: fieldName, value: shown });
  return (
    <li className={classes.row}>
      <button
        type="button"
        className={classes.value}
        aria-pressed={kept}
        title={t('alerts.facets.valueHint')}
        onClick={(event) => onApply({ field, value, exclude: event.altKey })}
      >
        <span className={value === null ? `${classes.valueText} ${classes.none}` : classes.valueText}>{shown}</span>
        {/* Its name reads "web01 (12)", as the search box's suggestions do. */}{' '}
        <span className={classes.count}>({count})</span>
      </button>
      <button
        type="button"
        className={classes.exclude}
        aria-pressed={left}
        aria-label={exclude}
        title={exclude}
        onClick={() => onApply({ field, value, exclude: true })}
      >
        {excludeIcon}
      </button>
    </li>
  );
});

const NO_VALUES: AlertFacet['values'] = [];

/**
 * One field: its name, its most common values with their counts, the alerts without a value, how many more. A value
 * the search filters on stays listed (count 0 once left out), so that a second click can take the filter off.
 */
const FacetSection = memo(function FacetSection({
  field,
  facet,
  clauses,
  onApply,
}: {
  field: FacetField;
  facet: AlertFacet | undefined;
  clauses: readonly string[] | null;
  onApply: (filter: ValueFilter) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const fieldName = t(FACET_FIELD_NAMES[field]);
  const listed = facet?.values ?? NO_VALUES;
  const filtered = (clauses ?? []).flatMap((clause) => {
    const filter = readClause(clause);
    return filter !== null && filter.field === field ? [filter.value] : [];
  });
  const values = [
    ...listed,
    ...[...new Set(filtered)]
      .filter((value): value is string => value !== null && !listed.some((listedValue) => listedValue.value === value))
      .map((value) => ({ value, count: 0 })),
  ];
  const none = facet?.none ?? 0;
  const showNone = none > 0 || filtered.includes(null);
  const empty = values.length === 0 && !showNone;
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={classes.field}>
        {fieldName}
      </h3>
      {empty ? (
        <p className={classes.hint}>{t('alerts.facets.empty')}</p>
      ) : (
        <ul className={classes.values}>
          {values.map(({ value, count }) => (
            <FacetValue
              key={value}
              field={field}
              fieldName={fieldName}
              value={value}
              count={count}
              clauses={clauses}
              onApply={onApply}
            />
          ))}
          {showNone && (
            <FacetValue
              field={field}
              fieldName={fieldName}
              value={null}
              count={none}
              clauses={clauses}
              onApply={onApply}
            />
          )}
        </ul>
      )}
      {facet !== undefined && facet.more > 0 && (
        <p className={classes.hint}>{t('alerts.facets.more', { count: facet.more })}</p>
      )}
    </section>
  );
});

/**
 * The facets panel (docs/console/alert-screens.md#facets): for the fields of {@link FACET_FIELDS}, the most common values
 * among the alerts the list's filter selects, with their counts (GET /alerts/facets), reloaded with the list. A click
 * on a value shows only its alerts, Alt-click or the value's second button leaves them out, both as a clause of the
 * search. Beside the list on wide screens; a sheet over it on phones, where the list does not refresh while it is
 * open. Loaded only when first opened.
 */
function FacetsPanel({ filterParams, q, enabled, onSearch, onClose }: FacetsPanelProps) {
  const { t } = useTranslation();
  const api = useApi();
  const notifications = useNotifications();
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false }) !== false;
  usePauseWhileOpen(!wide);
  const params = useMemo(() => ({ ...filterParams, fields: FACET_FIELDS, limit: FACET_LIMIT }), [filterParams]);
  const query = useQuery({
    queryKey: queryKeys.alerts.facets(params),
    queryFn: ({ signal }) => fetchFacets(api, params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const missing = query.data === null;
  const unavailable = t('alerts.facets.unavailable');
  useEffect(() => {
    if (!missing) return;
    // A stock Alerta: the panel and its button go, and the user is told why.
    notifications.push(unavailable, 'info');
    noteGroupedRoutesMissing(api);
  }, [missing, api, notifications, unavailable]);
  const clauses = useMemo(() => searchClauses(q), [q]);
  const onApply = useCallback((filter: ValueFilter) => onSearch(applyValueFilter(q, filter)), [q, onSearch]);
  const headingId = useId();
  if (missing) return null;

  const data = query.data ?? undefined;
  const body = (
    <div className={classes.body}>
      {query.isError && (
        <Callout color="red" title={t('alerts.facets.loadFailed')}>
          {errorMessage(query.error, t)}
        </Callout>
      )}
      {data === undefined ? (
        <p className={classes.hint}>{t('alerts.loading')}</p>
      ) : (
        <>
          <p className={classes.hint}>{t('alerts.facets.total', { count: data.total })}</p>
          {FACET_FIELDS.map((field) => (
            <FacetSection key={field} field={field} facet={data.facets[field]} clauses={clauses} onApply={onApply} />
          ))}
        </>
      )}
    </div>
  );
  if (!wide) {
    return (
      <Drawer
        opened
        onClose={onClose}
        position="bottom"
        size="85%"
        title={t('alerts.facets.title')}
        closeButtonProps={{ 'aria-label': t('alerts.facets.close') }}
      >
        {body}
      </Drawer>
    );
  }
  return (
    <aside className={classes.panel} aria-labelledby={headingId}>
      <div className={classes.header}>
        <h2 id={headingId} className={classes.title}>
          {t('alerts.facets.title')}
        </h2>
        <CloseButton
          size="sm"
          aria-label={t('alerts.facets.close')}
          title={t('alerts.facets.close')}
          onClick={onClose}
        />
      </div>
      {body}
    </aside>
  );
}

/** With its texts, which load with it (docs/console/alert-screens.md). */
export default withMessages([alertsMessages], FacetsPanel);
