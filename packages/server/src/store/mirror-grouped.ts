import {
  MIRRORED_COLUMNS,
  MIRRORED_LISTS,
  type MirrorRows,
  type MirroredColumn,
  type MirroredList,
  NONE,
} from './alert-mirror.js';
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
  { list: false; codes: Int32Array; scratch: number[] } | { list: true; codes: readonly (readonly number[])[] };

const COLUMN_OF: Readonly<Record<string, MirroredColumn>> = Object.fromEntries(
  MIRRORED_COLUMNS.map((column) => [column, column]),
);
const LIST_OF: Readonly<Record<string, MirroredList>> = Object.fromEntries(MIRRORED_LISTS.map((list) => [list, list]));

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

/** A group's key, count and worst rank, as the order reads them. */
interface Ranked {
  key(i: number): number;
  n(i: number): number;
  rank(i: number): number;
}

/**
 * The order of groups of docs/api/alerts.md#get-alertsgrouped over `of`'s items: by worst rank, count, then key, the
 * group without one last.
 */
function orderOf(rows: MirrorRows, of: Ranked, sort: GroupedOptions['sort']): (a: number, b: number) => number {
  const byKey = (a: number, b: number) => {
    const x = of.key(a);
    const y = of.key(b);
    return Number(x === NONE) - Number(y === NONE) || compareCodePoints(rows.texts[x] ?? '', rows.texts[y] ?? '');
  };
  if (sort === 'name') return byKey;
  if (sort === 'count') return (a, b) => of.n(b) - of.n(a) || byKey(a, b);
  return (a, b) => of.rank(a) - of.rank(b) || of.n(b) - of.n(a) || byKey(a, b);
}

/**
 * The first `count` items in order, of those `add` is given. Up to a few hundred, it keeps only them, in order, as
 * they come (most items compare past the last kept one and are dropped at once); beyond, it sorts them all.
 */
class FirstInOrder {
  private readonly kept: number[] = [];
  constructor(
    private readonly order: (a: number, b: number) => number,
    private readonly count: number,
    private readonly sortAll = count > 200,
  ) {}

  add(item: number): void {
    const { kept } = this;
    if (this.sortAll) {
      kept.push(item);
      return;
    }
    const last = kept[kept.length - 1];
    if (kept.length >= this.count && (last === undefined || this.order(item, last) >= 0)) return;
    let at = kept.length;
    while (at > 0 && this.order(item, kept[at - 1] ?? item) < 0) at -= 1;
    kept.splice(at, 0, item);
    if (kept.length > this.count) kept.pop();
  }

  items(): number[] {
    return this.sortAll ? this.kept.sort(this.order).slice(0, this.count) : this.kept;
  }
}

/** How many pairs of a page's top group and a value a dense index may cover (4 bytes each); a map beyond. */
const DENSE_PAIRS = 1 << 22;

/** The sub-groups of the page's top groups: one entry per pair of values, in growable typed arrays. */
class Pairs {
  count = 0;
  top = new Int32Array(1024);
  sub = new Int32Array(1024);
  n = new Int32Array(1024);
  rank = new Int32Array(1024);
  newest = new Int32Array(1024);

  add(top: number, sub: number, rank: number, slot: number): number {
    if (this.count === this.top.length) {
      const wider = (from: Int32Array) => {
        const to = new Int32Array(from.length * 2);
        to.set(from);
        return to;
      };
      this.top = wider(this.top);
      this.sub = wider(this.sub);
      this.n = wider(this.n);
      this.rank = wider(this.rank);
      this.newest = wider(this.newest);
    }
    const i = this.count++;
    this.top[i] = top;
    this.sub[i] = sub;
    this.n[i] = 1;
    this.rank[i] = rank;
    this.newest[i] = slot;
    return i;
  }
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
  const { times, texts, kinds, kindCodes } = rows;
  const stride = texts.length;
  const kindCount = kindCodes.length;
  const kindRank = Int32Array.from(kindCodes, ([severity]) => {
    const name = texts[severity] ?? '';
    return Object.hasOwn(options.severityRank, name) ? (options.severityRank[name] ?? UNKNOWN_RANK) : UNKNOWN_RANK;
  });
  const newer = (slot: number, than: number) => (times[slot] ?? 0) > (times[than] ?? 0);
  // A parent no alert ever held has no group; null (as '') is the group without a value.
  const parent = options.parent === undefined ? undefined : rows.codeOf(options.parent.key ?? '');
  if (options.parent !== undefined && parent === undefined) return { total: 0, groups: [] };

  // The top groups, by code, and the page of them.
  const topN = new Int32Array(stride);
  const topRank = new Int32Array(stride);
  const topNewest = new Int32Array(stride);
  const topCodes: number[] = [];
  for (const slot of slots) {
    const rank = kindRank[kinds[slot] ?? 0] ?? UNKNOWN_RANK;
    for (const code of valuesAt(first, slot)) {
      if (parent !== undefined && code !== parent) continue;
      if (topN[code] === 0) {
        topCodes.push(code);
        topRank[code] = rank;
        topNewest[code] = slot;
      } else {
        if (rank < (topRank[code] ?? 0)) topRank[code] = rank;
        if (newer(slot, topNewest[code] ?? 0)) topNewest[code] = slot;
      }
      topN[code] = (topN[code] ?? 0) + 1;
    }
  }
  const topOrder = orderOf(
    rows,
    { key: (code) => code, n: (code) => topN[code] ?? 0, rank: (code) => topRank[code] ?? 0 },
    options.sort,
  );
  const topPage = new FirstInOrder(topOrder, parent === undefined ? options.offset + options.limit : 1);
  for (const code of topCodes) topPage.add(code);
  const page = topPage.items().slice(parent === undefined ? options.offset : 0);

  // The sub-groups of the page's top groups (pairs of a place on the page and a value), each alert's pairs noted, and
  // the top groups' counts by severity and status.
  const pageAt = new Int32Array(stride).fill(-1);
  page.forEach((code, at) => (pageAt[code] = at));
  const topKinds = new Int32Array(page.length * kindCount);
  const subTotals = new Int32Array(page.length);
  const pairs = new Pairs();
  const dense = page.length * stride <= DENSE_PAIRS ? new Int32Array(page.length * stride).fill(-1) : undefined;
  const sparse = new Map<number, number>();
  let seen = new Int32Array(4096);
  let seenCount = 0;
  for (const slot of slots) {
    const kind = kinds[slot] ?? 0;
    const rank = kindRank[kind] ?? UNKNOWN_RANK;
    for (const code of valuesAt(first, slot)) {
      const at = pageAt[code] ?? -1;
      if (at < 0) continue;
      topKinds[at * kindCount + kind] = (topKinds[at * kindCount + kind] ?? 0) + 1;
      for (const sub of valuesAt(second, slot)) {
        const key = at * stride + sub;
        let pair = dense === undefined ? (sparse.get(key) ?? -1) : (dense[key] ?? -1);
        if (pair < 0) {
          pair = pairs.add(at, sub, rank, slot);
          if (dense === undefined) sparse.set(key, pair);
          else dense[key] = pair;
          subTotals[at] = (subTotals[at] ?? 0) + 1;
        } else {
          pairs.n[pair] = (pairs.n[pair] ?? 0) + 1;
          if (rank < (pairs.rank[pair] ?? 0)) pairs.rank[pair] = rank;
          if (newer(slot, pairs.newest[pair] ?? 0)) pairs.newest[pair] = slot;
        }
        if (seenCount + 2 > seen.length) {
          const wider = new Int32Array(seen.length * 2);
          wider.set(seen);
          seen = wider;
        }
        seen[seenCount++] = slot;
        seen[seenCount++] = pair;
      }
    }
  }

  // The page of each top group's sub-groups, and their counts by severity and status.
  const from = parent === undefined ? 0 : options.offset;
  const to = parent === undefined ? options.subLimit : options.offset + options.limit;
  const subOrder = orderOf(
    rows,
    { key: (pair) => pairs.sub[pair] ?? NONE, n: (pair) => pairs.n[pair] ?? 0, rank: (pair) => pairs.rank[pair] ?? 0 },
    options.sort,
  );
  const subPages = page.map(() => new FirstInOrder(subOrder, to));
  for (let pair = 0; pair < pairs.count; pair += 1) subPages[pairs.top[pair] ?? 0]?.add(pair);
  const listedPages = subPages.map((subPage) => subPage.items().slice(from));
  const listedAt = new Int32Array(pairs.count).fill(-1);
  let listedCount = 0;
  for (const listed of listedPages) for (const pair of listed) listedAt[pair] = listedCount++;
  const listedKinds = new Int32Array(listedCount * kindCount);
  for (let i = 0; i < seenCount; i += 2) {
    const at = listedAt[seen[i + 1] ?? 0] ?? -1;
    if (at < 0) continue;
    const cell = at * kindCount + (kinds[seen[i] ?? 0] ?? 0);
    listedKinds[cell] = (listedKinds[cell] ?? 0) + 1;
  }

  /** A group as the API gives it, its counts by severity and status from `counts`, one place per kind from `start`. */
  const view = (code: number, n: number, newest: number, counts: Int32Array, start: number) => {
    const tally = new GroupTally(texts[code] ?? '', 0, n, rows.timeTexts[newest] ?? '');
    for (let kind = 0; kind < kindCount; kind += 1) {
      const count = counts[start + kind] ?? 0;
      const [severity, status] = kindCodes[kind] ?? [NONE, NONE];
      if (count > 0) tally.add(texts[severity] ?? '', texts[status] ?? '', count);
    }
    return tally.view(options.severityRank);
  };
  const groups = page.map((code, at): AlertGroup => ({
    ...view(code, topN[code] ?? 0, topNewest[code] ?? 0, topKinds, at * kindCount),
    subgroups: (listedPages[at] ?? []).map((pair) =>
      view(
        pairs.sub[pair] ?? NONE,
        pairs.n[pair] ?? 0,
        pairs.newest[pair] ?? 0,
        listedKinds,
        (listedAt[pair] ?? 0) * kindCount,
      ),
    ),
    subgroupTotal: subTotals[at] ?? 0,
  }));
  return { total: topCodes.length, groups };
}
