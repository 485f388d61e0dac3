import { ALARM_MODELS } from '@alerta/contract';

const quote = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** Code of a severity the alarm model does not know: after every known one. */
const UNKNOWN_SEVERITY_CODE = 99;

/**
 * The severity code of an alarm model as one SQL expression over the `severity` column. Sorting uses exactly this
 * text and migration 4 indexes exactly this text, so both engines can read the first page of a severity-sorted list
 * straight from an index.
 */
export function severityCodeSql(codes: Readonly<Record<string, number>>): string {
  const whens = Object.entries(codes).map(([name, code]) => `WHEN ${quote(name)} THEN ${String(code)}`);
  return whens.length === 0 ? 'severity' : `CASE severity ${whens.join(' ')} ELSE ${UNKNOWN_SEVERITY_CODE} END`;
}

/** One index per built-in alarm model: (severity code, lastReceiveTime newest first). */
export const SEVERITY_ORDER_INDEXES: readonly string[] = Object.entries(ALARM_MODELS).map(
  ([name, model]) =>
    `CREATE INDEX alerts_severity_order_${name.toLowerCase()} ON alerts ((${severityCodeSql(model.severity)}), last_receive_time DESC)`,
);
