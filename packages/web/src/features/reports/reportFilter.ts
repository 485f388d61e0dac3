import { ALERTA_MODEL } from '@alerta/contract';
import type { Query } from '../../api';
import type { AppConfig } from '../../config/appConfig';
import { filterQuery } from '../../shared/alertsApi';

/**
 * docs/console/admin-screens.md#reports: the "Top N" choices; 10 unless chosen otherwise
 * (docs/console/behaviour.md#constants).
 */
export const TOP_CHOICES = [10, 20, 50, 100, 200] as const;
export const DEFAULT_TOP = 10;

/** What the three reports are filtered by, kept in the URL's query so a reload or a link keeps it. */
export interface ReportFilter {
  top: number;
  environment: readonly string[];
  severity: readonly string[];
  /** null means the configured default (open and ack); an empty list means every status. */
  status: readonly string[] | null;
  customer: readonly string[];
  service: readonly string[];
  group: readonly string[];
  /** Seconds, as the alerts filter has them: positive is a moment (epoch seconds), negative is before now. */
  dateRange: readonly [number | null, number | null];
}

export const DEFAULT_FILTER: ReportFilter = {
  top: DEFAULT_TOP,
  environment: [],
  severity: [],
  status: null,
  customer: [],
  service: [],
  group: [],
  dateRange: [null, null],
};

const LISTS = ['environment', 'severity', 'customer', 'service', 'group'] as const;

function seconds(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

const nonEmpty = (values: readonly string[]) => values.filter((v) => v !== '');

/** Reads the filter from the page's query; anything missing or unreadable keeps its default. */
export function parseReportFilter(params: URLSearchParams): ReportFilter {
  const top = Number(params.get('top'));
  const filter: ReportFilter = {
    ...DEFAULT_FILTER,
    top: (TOP_CHOICES as readonly number[]).includes(top) ? top : DEFAULT_TOP,
    // `status=` alone says every status; no `status` at all says the default.
    status: params.has('status') ? nonEmpty(params.getAll('status')) : null,
    dateRange: [seconds(params.get('from')), seconds(params.get('to'))],
  };
  for (const key of LISTS) filter[key] = nonEmpty(params.getAll(key));
  return filter;
}

/** The page's query for `filter`: only what differs from the defaults, lists as repeated keys. */
export function formatReportFilter(filter: ReportFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.top !== DEFAULT_TOP) params.set('top', String(filter.top));
  for (const key of LISTS) for (const value of filter[key]) params.append(key, value);
  if (filter.status !== null) {
    if (filter.status.length === 0) params.set('status', '');
    for (const value of filter.status) params.append('status', value);
  }
  const [from, to] = filter.dateRange;
  if (from !== null) params.set('from', String(from));
  if (to !== null) params.set('to', String(to));
  return params;
}

/**
 * The query of the three top-N endpoints (docs/console/admin-screens.md#reports, docs/api/alerts.md), dates worked out
 * at `nowMs`. Environments are repeated `environment=` keys like every other list: the predecessor joined them with
 * commas into one value, which matched no environment (docs/console/predecessor.md#bugs-we-do-not-repeat).
 */
export function reportQuery(filter: ReportFilter, defaultStatus: readonly string[], nowMs: number): Query {
  return {
    ...filterQuery(
      {
        q: null,
        environment: null,
        status: filter.status ?? defaultStatus,
        customer: filter.customer,
        service: filter.service,
        group: filter.group,
        text: null,
        dateRange: filter.dateRange,
      },
      nowMs,
    ),
    environment: filter.environment,
    severity: filter.severity,
    page: 1,
    'page-size': filter.top,
  };
}

/** docs/console/admin-screens.md#reports: the severities of the alarm model, most severe first (by their level). */
export function severityChoices(config: AppConfig): string[] {
  const levels = config.alarm_model?.severity ?? config.severity;
  const model = levels === undefined || Object.keys(levels).length === 0 ? ALERTA_MODEL.severity : levels;
  return Object.entries(model)
    .sort(([, a], [, b]) => a - b)
    .map(([name]) => name);
}

/**
 * docs/console/alert-screens.md#filter-sheet: the statuses of the alarm model in the order of their codes, or the
 * built-in list.
 */
export function statusChoices(config: AppConfig): string[] {
  const model = config.alarm_model?.status;
  if (model === undefined || Object.keys(model).length === 0) return Object.keys(ALERTA_MODEL.status);
  return Object.entries(model)
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([name]) => name);
}
