import { splitDuration } from '../../shared/format';
import type { StatusMetric } from './aboutApi';

/**
 * Milliseconds of uptime as whole days and the `hh:mm:ss` left over (docs/console/account-screens.md#about: "N days
 * hh:mm:ss").
 */
export const splitUptime = (ms: number) => splitDuration(ms / 1000);

/** A metric's value: gauges and switches have a value, counters and timers a count. */
export function metricValue(metric: StatusMetric): string {
  const value = metric.value ?? metric.count;
  return value === null ? '' : String(value);
}

/** The average time of a timer in milliseconds, or null for other metrics and a timer never run. */
export function averageTime(metric: StatusMetric): number | null {
  if (metric.type !== 'timer' || metric.count === null || metric.totalTime === null || metric.count === 0) return null;
  return metric.totalTime / metric.count;
}

/** A git revision worth linking to: 7 to 40 hexadecimal digits, nothing else. */
export const isGitRevision = (value: string) => /^[0-9a-f]{7,40}$/i.test(value);
