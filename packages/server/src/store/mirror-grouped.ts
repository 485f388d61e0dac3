import { type MirrorRows, type MirroredColumn, type MirroredList, NONE } from './alert-mirror.js';
import type { GroupSource } from './fields.js';
import { GroupTally, UNKNOWN_RANK, compareCodePoints } from './grouped.js';
import type { TallyFilter } from './tally.js';
import type { AlertGroup, GroupedAlerts, GroupedOptions } from './types.js';

/*
 * GET /alerts/grouped with two fields, counted from the process's copy of the alerts' fields (alert-mirror.ts,
 * docs/api/alerts.md#how-two-levels-are-counted): the same groups, counts, order and pages as the statement of
 * grouped.ts, which test/tally.test.ts compares after random changes.
 */

/** A field of the copy: a column's code, or a list's codes. */
type MirrorField =
  | { list: false; codes: Int32Array; scratch: number[] }
  | { list: true; codes: readonly (readonly number[])[] };

const COLUMN_OF: Readonly<Record<string, MirroredColumn>> = {
  environment: 'environment',
  resource: 'resource',
  event: 'event',
  group: 'group',
  origin: 'origin',
  customer: 'customer',
  severity: 'severity',
  status: 'status',
};
const LIST_OF: Readonly<Record<string, MirroredList>> = { service: 'service', tags: 'tags' };

/** The field of the copy a grouping source reads; undefined for one it does not hold (an attribute). */
export function mirrorField(rows: MirrorRows, source: GroupSource): MirrorField | undefined {
  if (source.kind === 'attribute') return undefined;
  if (source.kind === 'list') {
    const list = Object.hasOwn(LIST_OF, source.column) ? LIST_OF[source.column] : undefined;
    return list === undefined ? undefined : { list: true, codes: rows.lists[list] };
  }
  const column = Object.hasOwn(COLUMN_OF, source.column) ? COLUMN_OF[source.column] : undefined;
  return column === undefined ? undefined : { list: false, codes: rows.columns[column], scratch: [NONE] };
}

/** A group while it is counted: its alerts, its worst rank and the slot of its newest alert. */
interface Tally {
  code: number;
  n: number;
  rank: number;
  newest: number;
}

const NO_VALUES: readonly number[] = [NONE];
/** The values of a field for one slot (a column's in the field's own one-element list, not to be kept). */
function valuesAt(field: MirrorField, slot: number): readonly number[] {
  if (field.list) return field.codes[slot] ?? NO_VALUES;
  field.scratch[0] = field.codes[slot] ?? NONE;
  return field.scratch;
}

/** The slots of the alerts the filters match (tally.ts: a missing customer is the empty text there too). */
function matchingSlots(rows: MirrorRows, filters: readonly TallyFilter[]): Int32Array {
  const tests = filters.map((filter) => {
    const codes = new Set<number>();
    for (const value of filter.values) {
      const code = rows.codeOf(value);
      if (code !== undefined) codes.add(code);
    }
    return { column: rows.columns[filter.field], codes, negate: filter.negate };
  });
  const slots = new Int32Array(rows.length);
  let count = 0;
  for (let slot = 0; slot < rows.length; slot += 1) {
    if (rows.alive[slot] !== 1) continue;
    if (tests.every((t) => t.codes.has(t.column[slot] ?? NONE) !== t.negate)) slots[count++] = slot;
  }
  return slots.subarray(0, count);
}

function addTo(tallies: Map<number, Tally>, code: number, rank: number, slot: number, times: Float64Array): void {
  const tally = tallies.get(code);
  if (tally === undefined) {
    tallies.set(code, { code, n: 1, rank, newest: slot });
    return;
  }
  tally.n += 1;
  if (rank < tally.rank) tally.rank = rank;
  if ((times[slot] ?? 0) > (times[tally.newest] ?? 0)) tally.newest = slot;
}

/** The groups' order of docs/api/alerts.md#get-alertsgrouped: by rank, count, then key, the group without one last. */
function sorted(rows: MirrorRows, tallies: Iterable<Tally>, sort: GroupedOptions['sort']): Tally[] {
  const byKey = (a: Tally, b: Tally) =>
    Number(a.code === NONE) - Number(b.code === NONE) ||
    compareCodePoints(rows.texts[a.code] ?? '', rows.texts[b.code] ?? '');
  const order =
    sort === 'name'
      ? byKey
      : sort === 'count'
        ? (a: Tally, b: Tally) => b.n - a.n || byKey(a, b)
        : (a: Tally, b: Tally) => a.rank - b.rank || b.n - a.n || byKey(a, b);
  return [...tallies].sort(order);
}

/** GET /alerts/grouped with two fields, from the copy; the fields are those `mirrorField` reads. */
export function mirrorGrouped(
  rows: MirrorRows,
  filters: readonly TallyFilter[],
  first: MirrorField,
  second: MirrorField,
  options: GroupedOptions,
): GroupedAlerts {
  const slots = matchingSlots(rows, filters);
  const severities = rows.columns.severity;
  const statuses = rows.columns.status;
  const rankCache = new Map<number, number>();
  const rankOf = (code: number): number => {
    let rank = rankCache.get(code);
    if (rank === undefined) {
      const name = rows.texts[code] ?? '';
      rank = Object.hasOwn(options.severityRank, name) ? (options.severityRank[name] ?? UNKNOWN_RANK) : UNKNOWN_RANK;
      rankCache.set(code, rank);
    }
    return rank;
  };
  // A parent no alert ever held has no group; null (as '') is the group without a value.
  const parent = options.parent === undefined ? undefined : rows.codeOf(options.parent.key ?? '');
  if (options.parent !== undefined && parent === undefined) return { total: 0, groups: [] };

  const tops = new Map<number, Tally>();
  for (const slot of slots) {
    const rank = rankOf(severities[slot] ?? NONE);
    for (const code of valuesAt(first, slot)) {
      if (parent === undefined || code === parent) addTo(tops, code, rank, slot, rows.times);
    }
  }
  const ordered = sorted(rows, tops.values(), options.sort);
  const page = parent === undefined ? ordered.slice(options.offset, options.offset + options.limit) : ordered;

  // The sub-groups of the page's top groups, and the top groups' counts by severity and status.
  const subs = new Map<number, Map<number, Tally>>(page.map((top) => [top.code, new Map()]));
  const views = new Map(page.map((top) => [top.code, groupTally(rows, top)]));
  for (const slot of slots) {
    const rank = rankOf(severities[slot] ?? NONE);
    for (const code of valuesAt(first, slot)) {
      const inTop = subs.get(code);
      if (inTop === undefined) continue;
      views.get(code)?.add(rows.texts[severities[slot] ?? NONE] ?? '', rows.texts[statuses[slot] ?? NONE] ?? '', 1);
      for (const subCode of valuesAt(second, slot)) addTo(inTop, subCode, rank, slot, rows.times);
    }
  }
  const from = parent === undefined ? 0 : options.offset;
  const to = parent === undefined ? options.subLimit : options.offset + options.limit;
  const subPages = new Map<number, Map<number, GroupTally>>();
  for (const [code, inTop] of subs) {
    const listed = sorted(rows, inTop.values(), options.sort).slice(from, to);
    subPages.set(code, new Map(listed.map((sub) => [sub.code, groupTally(rows, sub)])));
  }
  // The listed sub-groups' counts by severity and status.
  for (const slot of slots) {
    for (const code of valuesAt(first, slot)) {
      const listed = subPages.get(code);
      if (listed === undefined) continue;
      for (const subCode of valuesAt(second, slot)) {
        listed
          .get(subCode)
          ?.add(rows.texts[severities[slot] ?? NONE] ?? '', rows.texts[statuses[slot] ?? NONE] ?? '', 1);
      }
    }
  }
  const groups = page.map((top): AlertGroup => {
    const view = views.get(top.code);
    if (view === undefined) throw new Error('a listed group was not counted');
    return {
      ...view.view(options.severityRank),
      subgroups: [...(subPages.get(top.code)?.values() ?? [])].map((sub) => sub.view(options.severityRank)),
      subgroupTotal: subs.get(top.code)?.size ?? 0,
    };
  });
  return { total: ordered.length, groups };
}

const groupTally = (rows: MirrorRows, tally: Tally): GroupTally =>
  new GroupTally(rows.texts[tally.code] ?? '', 0, tally.n, rows.timeTexts[tally.newest] ?? '');
