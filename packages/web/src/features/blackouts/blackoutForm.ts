import dayjs from 'dayjs';
import type { BlackoutCreateBody, BlackoutRow, BlackoutUpdateBody } from './blackoutsApi';

/** What a blackout covers: every field but its times (docs/api/blackouts.md). */
export interface BlackoutFields {
  customer: string | null;
  environment: string;
  service: string[];
  resource: string;
  event: string;
  group: string;
  tags: string[];
  origin: string;
  /** The reason. */
  text: string;
}

export const EMPTY_FIELDS: BlackoutFields = {
  customer: null,
  environment: '',
  service: [],
  resource: '',
  event: '',
  group: '',
  tags: [],
  origin: '',
  text: '',
};

/** A date and a time as the browser's date and time inputs hold them, in the user's local time. */
export interface LocalInputs {
  date: string;
  time: string;
}

/**
 * The durations offered instead of an end (hours), like the blackout period choices in Settings
 * (docs/console/account-screens.md#settings).
 */
export const DURATION_HOURS = [1, 2, 8, 24, 48] as const;

/** A duration in seconds (one of {@link DURATION_HOURS}), or `custom` when the end is entered. */
export type DurationChoice = number | 'custom';

export interface BlackoutTimes {
  start: LocalInputs;
  end: LocalInputs;
  duration: DurationChoice;
}

const DEFAULT_PERIOD_SECONDS = 3600;
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * How long a new blackout lasts (docs/console/admin-screens.md#blackouts): the user's blackoutPeriod preference
 * (seconds), else the server's blackouts.duration, else an hour.
 */
export function defaultPeriod(preference: number | null | undefined, configured: number | undefined): number {
  if (preference !== null && preference !== undefined && preference > 0) return preference;
  if (configured !== undefined && configured > 0) return configured;
  return DEFAULT_PERIOD_SECONDS;
}

/**
 * When a new blackout starts (docs/console/admin-screens.md#blackouts, #449): now (to the minute the inputs show) when
 * the user's blackoutStartNow preference is on, its default; otherwise the next quarter hour.
 */
export function defaultStart(now: Date, startNow: boolean | undefined): Date {
  if (startNow !== false) return dayjs(now).startOf('minute').toDate();
  return new Date(Math.ceil(now.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
}

export function toInputs(date: Date | string): LocalInputs {
  const value = dayjs(date);
  return { date: value.format('YYYY-MM-DD'), time: value.format('HH:mm') };
}

/** The moment the inputs name in the user's time zone; null while either is empty or not a date. */
export function fromInputs({ date, time }: LocalInputs): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return null;
  const value = dayjs(`${date}T${time}`);
  return value.isValid() ? value.toDate() : null;
}

const durationOf = (start: Date, end: Date): DurationChoice => {
  const seconds = (end.getTime() - start.getTime()) / 1000;
  return DURATION_HOURS.some((hours) => hours * 3600 === seconds) ? seconds : 'custom';
};

/** The inputs of a period, with the duration chosen when it is one of the choices. */
export function timesOf(start: Date, end: Date): BlackoutTimes {
  return { start: toInputs(start), end: toInputs(end), duration: durationOf(start, end) };
}

const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

/** A new start; a chosen duration moves the end with it. */
export function withStart(times: BlackoutTimes, start: LocalInputs): BlackoutTimes {
  const parsed = fromInputs(start);
  if (times.duration === 'custom' || parsed === null) return { ...times, start };
  return { ...times, start, end: toInputs(plus(parsed, times.duration)) };
}

/** A duration chosen: the end follows from the start. */
export function withDuration(times: BlackoutTimes, duration: DurationChoice): BlackoutTimes {
  const start = fromInputs(times.start);
  if (duration === 'custom' || start === null) return { ...times, duration };
  return { ...times, duration, end: toInputs(plus(start, duration)) };
}

/** An end entered by hand: the duration becomes custom. */
export function withEnd(times: BlackoutTimes, end: LocalInputs): BlackoutTimes {
  return { ...times, end, duration: 'custom' };
}

/**
 * The stored times of a blackout being edited, sent unchanged (to the millisecond) while their inputs are untouched.
 */
export interface OriginalTimes {
  startTime: string;
  endTime: string;
}

const sameInputs = (a: LocalInputs, b: LocalInputs) => a.date === b.date && a.time === b.time;

/**
 * The ISO UTC moments to send (docs/api/conventions.md: `YYYY-MM-DDThh:mm:ss.sssZ`); null where the inputs are
 * incomplete.
 */
export function isoTimes(
  times: BlackoutTimes,
  original?: OriginalTimes,
): { startTime: string | null; endTime: string | null } {
  const pick = (inputs: LocalInputs, stored: string | undefined) => {
    if (stored !== undefined && sameInputs(inputs, toInputs(stored))) return new Date(stored).toISOString();
    return fromInputs(inputs)?.toISOString() ?? null;
  };
  return { startTime: pick(times.start, original?.startTime), endTime: pick(times.end, original?.endTime) };
}

export interface FormErrors {
  environment?: 'required';
  start?: 'invalid';
  end?: 'invalid' | 'notAfterStart';
}

export function validate(fields: BlackoutFields, times: BlackoutTimes, original?: OriginalTimes): FormErrors {
  const errors: FormErrors = {};
  if (fields.environment.trim() === '') errors.environment = 'required';
  const { startTime, endTime } = isoTimes(times, original);
  if (startTime === null) errors.start = 'invalid';
  if (endTime === null) errors.end = 'invalid';
  else if (startTime !== null && Date.parse(endTime) <= Date.parse(startTime)) errors.end = 'notAfterStart';
  return errors;
}

/** Trimmed values; empty entries of the lists dropped. */
export function trimmed(fields: BlackoutFields): BlackoutFields {
  const list = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
  return {
    customer: fields.customer === null || fields.customer.trim() === '' ? null : fields.customer.trim(),
    environment: fields.environment.trim(),
    service: list(fields.service),
    resource: fields.resource.trim(),
    event: fields.event.trim(),
    group: fields.group.trim(),
    tags: list(fields.tags),
    origin: fields.origin.trim(),
    text: fields.text.trim(),
  };
}

/**
 * POST /blackout: the fields that are set, and the period (an empty string would be refused,
 * docs/api/blackouts.md#routes).
 */
export function createBody(fields: BlackoutFields, startTime: string, endTime: string): BlackoutCreateBody {
  const f = trimmed(fields);
  return {
    environment: f.environment,
    ...(f.service.length > 0 ? { service: f.service } : {}),
    ...(f.resource !== '' ? { resource: f.resource } : {}),
    ...(f.event !== '' ? { event: f.event } : {}),
    ...(f.group !== '' ? { group: f.group } : {}),
    ...(f.tags.length > 0 ? { tags: f.tags } : {}),
    ...(f.origin !== '' ? { origin: f.origin } : {}),
    ...(f.customer !== null ? { customer: f.customer } : {}),
    startTime,
    endTime,
    ...(f.text !== '' ? { text: f.text } : {}),
  };
}

/**
 * PUT /blackout/{id}: every field; a cleared one is null so the server forgets it
 * (docs/console/admin-screens.md#blackouts).
 */
export function updateBody(fields: BlackoutFields, startTime: string, endTime: string): BlackoutUpdateBody {
  const f = trimmed(fields);
  const orNull = (value: string) => (value === '' ? null : value);
  return {
    environment: f.environment,
    service: f.service,
    resource: orNull(f.resource),
    event: orNull(f.event),
    group: orNull(f.group),
    tags: f.tags,
    origin: orNull(f.origin),
    customer: f.customer,
    startTime,
    endTime,
    text: f.text,
  };
}

/** A stored blackout's fields, for editing or copying. */
export function fieldsOf(row: BlackoutRow): BlackoutFields {
  return {
    customer: row.customer,
    environment: row.environment,
    service: [...row.service],
    resource: row.resource ?? '',
    event: row.event ?? '',
    group: row.group ?? '',
    tags: [...row.tags],
    origin: row.origin ?? '',
    text: row.text ?? '',
  };
}

type Scope = Pick<BlackoutFields, 'service' | 'resource' | 'event' | 'group' | 'tags' | 'origin'> | BlackoutRow;

/**
 * A blackout that silences a whole environment, or everything from one origin in it
 * (docs/console/admin-screens.md#blackouts warning icons): nothing but the environment (and the origin) narrows it.
 */
export function broadScope(blackout: Scope): 'wholeEnvironment' | 'allFromOrigin' | null {
  const set = (value: string | null) => value !== null && value.trim() !== '';
  const narrowed =
    blackout.service.length > 0 ||
    blackout.tags.length > 0 ||
    set(blackout.resource) ||
    set(blackout.event) ||
    set(blackout.group);
  if (narrowed) return null;
  return set(blackout.origin) ? 'allFromOrigin' : 'wholeEnvironment';
}
