import { ALARM_MODELS } from '@alerta/contract';

export type AlarmModelName = keyof typeof ALARM_MODELS;

const MODEL_NAMES = Object.keys(ALARM_MODELS) as AlarmModelName[];

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

const indexName = (model: string): string => `alerts_severity_order_${model.toLowerCase()}`;

/** The index of one built-in alarm model: (severity code, lastReceiveTime newest first). */
const severityOrderIndex = (model: AlarmModelName, ifNotExists = false): string =>
  `CREATE INDEX ${ifNotExists ? 'IF NOT EXISTS ' : ''}${indexName(model)} ON alerts ` +
  `((${severityCodeSql(ALARM_MODELS[model].severity)}), last_receive_time DESC)`;

/** Migration 4 made one per built-in alarm model; `alarmModelIndexes` keeps only the one in use. */
export const SEVERITY_ORDER_INDEXES: readonly string[] = MODEL_NAMES.map((model) => severityOrderIndex(model));

/**
 * What makes the severity-sorted list read from an index under the given alarm model, and no other model's index:
 * an index nobody reads still costs a write for every new alert and every duplicate. Changing ALARM_MODEL builds the
 * new model's index at the next start.
 */
export function alarmModelIndexes(model: AlarmModelName): string[] {
  return MODEL_NAMES.map((name) =>
    name === model ? severityOrderIndex(name, true) : `DROP INDEX IF EXISTS ${indexName(name)}`,
  );
}
