import { z } from 'zod/mini';

/*
 * GET /alerts/grouped (docs/api/alerts.md#get-alertsgrouped): the matching alerts counted in groups by the values of
 * one field, or of two (each top group then holds sub-groups by the second). Both sides read the shapes below: the
 * server answers them, the console parses its answers with them (unknown keys kept, so either side may add some).
 */

/** The fields alerts can be grouped by, besides `attribute.<name>`. */
export const GROUP_BY_FIELDS = [
  'environment',
  'service',
  'resource',
  'event',
  'group',
  'origin',
  'customer',
  'severity',
  'status',
  'tag',
] as const;
export type GroupByField = (typeof GROUP_BY_FIELDS)[number];

/** `attribute.<name>` groups by the text of one attribute. */
export const GROUP_BY_ATTRIBUTE_PREFIX = 'attribute.';

/** What an attribute name grouped by may hold: letters, digits, `_`, `-` and `.`. */
export const GROUP_BY_ATTRIBUTE_NAME = /^[A-Za-z0-9_.-]+$/;

/** The orders of the groups: the worst severity first (the default), the most alerts first, or by key. */
export const GROUP_SORTS = ['severity', 'count', 'name'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];
export const DEFAULT_GROUP_SORT: GroupSort = 'severity';

/** Sub-groups listed with each top group unless `sub-page-size` says otherwise. */
export const DEFAULT_SUB_PAGE_SIZE = 10;

/** Whether `field` is one the alerts can be grouped by: a listed field, or `attribute.` and a valid name. */
export function isGroupByField(field: string): boolean {
  if ((GROUP_BY_FIELDS as readonly string[]).includes(field)) return true;
  return (
    field.startsWith(GROUP_BY_ATTRIBUTE_PREFIX) &&
    GROUP_BY_ATTRIBUTE_NAME.test(field.slice(GROUP_BY_ATTRIBUTE_PREFIX.length))
  );
}

export function isGroupSort(value: string): value is GroupSort {
  return (GROUP_SORTS as readonly string[]).includes(value);
}

const countsSchema = z.record(z.string(), z.number());

/** One group: its key and its alerts' counts, with the query that selects exactly its alerts. */
export const alertGroupSchema = z.looseObject({
  /** The value; null for the group of alerts without one. */
  key: z.nullable(z.string()),
  /** Whether this is the group of alerts without a value. */
  none: z.boolean(),
  count: z.int(),
  severityCounts: countsSchema,
  statusCounts: countsSchema,
  /** The most severe severity among the group's alerts. */
  worstSeverity: z.string(),
  /** The newest lastReceiveTime of the group (ISO). */
  lastReceiveTime: z.string(),
  /**
   * A query-language expression selecting exactly this group's alerts (a sub-group's includes its parent's): GET
   * /alerts with the same filters and this `q` (joined to the search with AND) lists them.
   */
  q: z.string(),
});

/** A top group; with two fields also its first sub-groups and how many it has in all. */
export const alertTopGroupSchema = z.extend(alertGroupSchema, {
  subgroups: z.optional(z.array(alertGroupSchema)),
  subgroupTotal: z.optional(z.int()),
});

/**
 * The answer: a page of top groups (with `parent` or `parent-none`, that one group with a page of its sub-groups).
 * `total`, `pages` and `more` count top groups (with `parent`, that group's sub-groups).
 */
export const alertGroupedResponseSchema = z.looseObject({
  status: z.literal('ok'),
  message: z.optional(z.string()),
  groupBy: z.array(z.string()),
  groupSort: z.enum(GROUP_SORTS),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  pages: z.optional(z.int()),
  more: z.boolean(),
  /** Per field: whether an alert may be in several of its groups (`service`, `tag`). */
  multiValued: z.array(z.boolean()),
  groups: z.array(alertTopGroupSchema),
});
export type AlertGroupedResponse = z.infer<typeof alertGroupedResponseSchema>;

/** One field's most common values among the matching alerts (docs/api/alerts.md#get-alertsfacets). */
const alertFacetSchema = z.looseObject({
  /** The values, the larger count first, then by value. */
  values: z.array(z.looseObject({ value: z.string(), count: z.int() })),
  /** How many more distinct values the field has than are listed. */
  more: z.int(),
  /** How many matching alerts have no value. */
  none: z.int(),
});
export type AlertFacet = z.infer<typeof alertFacetSchema>;

/**
 * GET /alerts/facets (docs/api/alerts.md#get-alertsfacets): for the matching alerts, the most common values of each
 * field asked for, with their counts.
 */
export const alertFacetsResponseSchema = z.looseObject({
  status: z.literal('ok'),
  facets: z.record(z.string(), alertFacetSchema),
  /** The matching alerts. */
  total: z.int(),
});
export type AlertFacetsResponse = z.infer<typeof alertFacetsResponseSchema>;
