import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { severityLabel } from '../../i18n/enumLabels';
import type { AppConfig } from '../../config/appConfig';
import type { AlertsView } from './alertsView';
import { fetchSeverityCounts } from '../../shared/alertsApi';
import { indicatorParams, indicatorView } from './indicatorQuery';
import classes from './IndicatorPanel.module.css';
import { textColorFor } from '../../shared/severityColors';
import { queryKeys } from '../../api/queryKeys';

/**
 * docs/console/plumbing.md#server-config: the severities a stock server lists when `indicators.severity` is not set.
 */
const DEFAULT_SEVERITIES = ['critical', 'major', 'minor', 'warning', 'indeterminate', 'informational'];

type Params = Readonly<Record<string, readonly string[]>>;

function useSeverityCounts(params: Params, openOnly: boolean, enabled: boolean, refreshMs: number | false) {
  const api = useApi();
  return useQuery({
    // Under the alerts prefix, so whatever reloads the list reloads the tiles too.
    queryKey: queryKeys.alerts.indicator(params, openOnly),
    // docs/console/alert-screens.md#indicator-panel: the open alerts decide the title colour.
    queryFn: ({ signal }) =>
      fetchSeverityCounts(api, openOnly ? { ...params, status: [...(params.status ?? []), 'open'] } : params, signal),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

interface TileProps {
  text: string;
  params: Params;
  severities: readonly string[];
  colors: Readonly<Record<string, string>>;
  normalSeverity: string;
  enabled: boolean;
  refreshMs: number | false;
  onApply: (q: string | null, patch: Partial<AlertsView>) => void;
}

const colored = (color: string | undefined) =>
  color === undefined ? undefined : { backgroundColor: color, color: textColorFor(color) };

function IndicatorTile({ text, params, severities, colors, normalSeverity, enabled, refreshMs, onApply }: TileProps) {
  const { t } = useTranslation();
  const counts = useSeverityCounts(params, false, enabled, refreshMs).data;
  const open = useSeverityCounts(params, true, enabled, refreshMs).data;
  // The title bar takes the colour of the most severe open alert, else of the normal severity.
  const worst = open === undefined ? undefined : (severities.find((s) => (open[s] ?? 0) > 0) ?? normalSeverity);
  // The name says what the colours and bare numbers show: "Production: Critical 2, Major 0, …", the severities as words
  // of the console's language (docs/console/plumbing.md#durations-ids-and-words).
  const label =
    counts === undefined
      ? text
      : t('indicators.tile', {
          name: text,
          counts: severities.map((s) => `${severityLabel(t, s)} ${counts[s] ?? 0}`).join(', '),
        });
  return (
    <button
      type="button"
      className={classes.tile}
      aria-label={label}
      title={t('indicators.apply', { name: text })}
      onClick={() => {
        const { q, patch } = indicatorView(params);
        onApply(q, patch);
      }}
    >
      <span className={classes.title} style={colored(worst === undefined ? undefined : colors[worst])}>
        {text}
      </span>
      <span className={classes.counts}>
        {severities.map((severity) => {
          const count = counts?.[severity];
          return (
            <span
              key={severity}
              className={classes.count}
              title={severityLabel(t, severity)}
              data-severity={severity}
              style={colored(count !== undefined && count > 0 ? colors[severity] : undefined)}
            >
              {count ?? (counts === undefined ? '–' : 0)}
            </span>
          );
        })}
      </span>
    </button>
  );
}

export interface IndicatorPanelProps {
  config: AppConfig;
  /** The severity colours of the alarm model. */
  colors: Readonly<Record<string, string>>;
  /** False until the user's preferences are known, like the list. */
  enabled: boolean;
  /** The list's refresh interval, or false while the list is paused. */
  refreshMs: number | false;
  onApply: (q: string | null, patch: Partial<AlertsView>) => void;
}

/**
 * The alert status indicators (docs/console/alert-screens.md#indicator-panel): a tile per configured query with its
 * alert count per severity, refreshed with the list; clicking a tile shows its alerts in the list. Loaded only when
 * shown.
 */
export default function IndicatorPanel({ config, colors, enabled, refreshMs, onApply }: IndicatorPanelProps) {
  const { t } = useTranslation();
  const tiles = useMemo(
    () =>
      (config.indicators?.queries ?? []).flatMap(({ text, query }) => {
        const params = indicatorParams(query);
        return params === null ? [] : [{ text, params }];
      }),
    [config.indicators?.queries],
  );
  const severities = config.indicators?.severity ?? DEFAULT_SEVERITIES;
  const normalSeverity = config.alarm_model?.defaults?.normal_severity ?? 'normal';
  return (
    <section aria-label={t('indicators.label')} className={classes.grid}>
      {tiles.map(({ text, params }, index) => (
        <IndicatorTile
          // Two indicators may share a title; their order in the config is fixed.
          key={index}
          text={text}
          params={params}
          severities={severities}
          colors={colors}
          normalSeverity={normalSeverity}
          enabled={enabled}
          refreshMs={refreshMs}
          onApply={onApply}
        />
      ))}
    </section>
  );
}
