import { type Alert, alertInputSchema, alertSchema, pagingSchema } from '@alerta/contract';
import { z } from 'zod';

/**
 * Schemas of answers and query strings that the contract does not spell out as one object, built from its parts, for
 * the OpenAPI document (docs/api/README.md#openapi-document). Answers are described, never reshaped
 * (http/validation.ts). The examples are real answers of this server, shortened; the document's test checks each one
 * against its schema.
 */

/** A query parameter as Fastify hands it over: once, or a list when it is repeated. */
const queryValue = z.union([z.string(), z.array(z.string())]);

/** Query parameters of the alert lists: the named ones below, and any alert field as a filter (docs/api/alerts.md). */
export const alertListQuery = z.looseObject({
  q: z.optional(queryValue).describe('A search in the query language (docs/api/query-language.md)'),
  'q.df': z.optional(queryValue).describe('The field that search terms without a field look in (default `text`)'),
  id: z.optional(queryValue).describe('Alert ids or id prefixes'),
  'from-date': z.optional(queryValue).describe('Alerts last received at or after this date'),
  'to-date': z.optional(queryValue).describe('Alerts last received before this date'),
  'sort-by': z.optional(queryValue).describe('Fields to sort by, `-` first for descending'),
  page: z.optional(queryValue).describe('Page number, from 1'),
  'page-size': z.optional(queryValue).describe('Alerts per page (default DEFAULT_PAGE_SIZE)'),
  'show-raw-data': z.optional(queryValue).describe('Include `rawData`'),
  'show-history': z.optional(queryValue).describe('Include each alert’s history'),
});

/** Query parameters of GET /alerts: those of the lists, and the environment counts asked for with the page. */
export const alertListWithEnvironmentsQuery = alertListQuery.extend({
  'show-environments': z
    .optional(queryValue)
    .describe('Include `environments`: GET /environments for the same search less its `environment` parameters'),
});

/** Query parameters of GET /alerts.csv: those of the lists without paging, history or raw data (always written). */
export const alertCsvQuery = alertListQuery.omit({
  page: true,
  'page-size': true,
  'show-raw-data': true,
  'show-history': true,
});

/** The answer of GET /alerts.csv (docs/api/alerts.md#get-alertscsv): CSV text, a header line first. */
export const alertCsvResponse = {
  description: 'Every matching alert as CSV (RFC 4180), streamed; a header line first',
  content: {
    'text/csv': {
      schema: z.string().describe('UTF-8 with a byte-order mark, CRLF line ends, every value double-quoted'),
    },
  },
};

const EXAMPLE_ALERT: Alert = {
  id: '4c5e2c1a-8b0e-4d9a-9a44-6f1de2f0a7b3',
  href: 'http://localhost:8080/api/alert/4c5e2c1a-8b0e-4d9a-9a44-6f1de2f0a7b3',
  resource: 'web01',
  event: 'HttpError',
  environment: 'Production',
  severity: 'major',
  correlate: ['HttpError', 'HttpOK'],
  status: 'open',
  service: ['Web'],
  group: 'Web',
  value: '503',
  text: 'Web server is down',
  tags: ['dc1'],
  attributes: { region: 'eu-west-1', ip: '10.0.0.12' },
  origin: 'alerta/web01',
  type: 'exceptionAlert',
  createTime: '2025-03-01T10:15:00.000Z',
  timeout: 86400,
  rawData: null,
  customer: null,
  duplicateCount: 0,
  repeat: false,
  previousSeverity: 'indeterminate',
  trendIndication: 'moreSevere',
  receiveTime: '2025-03-01T10:15:00.120Z',
  lastReceiveId: '4c5e2c1a-8b0e-4d9a-9a44-6f1de2f0a7b3',
  lastReceiveTime: '2025-03-01T10:15:00.120Z',
  updateTime: '2025-03-01T10:15:00.120Z',
  history: [],
};

/** The body of POST /alert, with what `alerta send` sends. */
export const alertInputBody = alertInputSchema.clone();
z.globalRegistry.add(alertInputBody, {
  id: 'NewAlert',
  examples: [
    {
      resource: 'web01',
      event: 'HttpError',
      environment: 'Production',
      service: ['Web'],
      severity: 'major',
      text: 'Web server is down',
      value: '503',
      tags: ['dc1'],
      attributes: { region: 'eu-west-1' },
    },
  ],
});

/** 201 of POST /alert: the stored alert, new or a duplicate. */
export const alertCreatedSchema = z.object({ status: z.literal('ok'), id: z.string(), alert: alertSchema });
z.globalRegistry.add(alertCreatedSchema, {
  id: 'AlertCreated',
  examples: [{ status: 'ok', id: EXAMPLE_ALERT.id, alert: EXAMPLE_ALERT }],
});

/** 202 of POST /alert: the alert became a heartbeat, or a blackout suppressed it. */
export const alertDivertedSchema = z.object({ status: z.literal('ok'), message: z.string(), id: z.string() });
z.globalRegistry.add(alertDivertedSchema, {
  id: 'AlertDiverted',
  examples: [{ status: 'ok', message: 'Suppressed by blackout', id: '4c5e2c1a-8b0e-4d9a-9a44-6f1de2f0a7b3' }],
});

/** GET /alert/{id}. */
export const alertOneSchema = z.object({ status: z.literal('ok'), total: z.literal(1), alert: alertSchema });

const countsSchema = z.record(z.string(), z.number());

/** GET /alerts: one page of alerts, with the counts of every match. */
export const alertListSchema = z.object({
  status: z.literal('ok'),
  message: z.optional(z.string()),
  page: pagingSchema.shape.page,
  pageSize: pagingSchema.shape.pageSize,
  pages: pagingSchema.shape.pages,
  more: pagingSchema.shape.more,
  alerts: z.array(alertSchema),
  total: pagingSchema.shape.total,
  statusCounts: countsSchema,
  severityCounts: countsSchema,
  lastTime: z.string(),
  autoRefresh: z.boolean(),
  environments: z.optional(
    z.array(
      z.object({
        environment: z.string(),
        count: z.number(),
        severityCounts: countsSchema,
        statusCounts: countsSchema,
      }),
    ),
  ),
});
z.globalRegistry.add(alertListSchema, {
  id: 'AlertList',
  examples: [
    {
      status: 'ok',
      page: 1,
      pageSize: 50,
      pages: 1,
      more: false,
      alerts: [EXAMPLE_ALERT],
      total: 1,
      statusCounts: { open: 1 },
      severityCounts: { major: 1 },
      lastTime: '2025-03-01T10:15:00.120Z',
      autoRefresh: true,
    },
  ],
});

/** Routes whose path names one record by `:id`. */
export const idParams = z.object({ id: z.string() });
/** A note of an alert. */
export const noteParams = z.object({ id: z.string(), noteId: z.string() });
/** An API key, named by its value. */
export const keyParams = z.object({ key: z.string() });

/** Query parameters of GET /alerts/grouped (docs/api/alerts.md#get-alertsgrouped): the filters, and the grouping. */
export const alertGroupedQuery = alertListQuery
  .omit({ 'sort-by': true, 'show-raw-data': true, 'show-history': true })
  .extend({
    'group-by': z
      .optional(queryValue)
      .describe(
        'One or two fields, repeated or comma-separated: environment, service, resource, event, group, origin, ' +
          'customer, severity, status, tag or attribute.<name>',
      ),
    'group-sort': z.optional(queryValue).describe('`severity` (the default), `count` or `name`'),
    page: z.optional(queryValue).describe('Page of top groups (with `parent`, of its sub-groups), from 1'),
    'page-size': z.optional(queryValue).describe('Groups per page (default DEFAULT_PAGE_SIZE)'),
    'sub-page-size': z.optional(queryValue).describe('Sub-groups listed with each top group, 1 to 1000 (default 10)'),
    parent: z.optional(queryValue).describe('Two levels: only this top group, its sub-groups paged'),
    'parent-none': z.optional(queryValue).describe('Two levels: only the top group of alerts without a value'),
  });

/** One group of GET /alerts/grouped; a new schema at each use, so that the document writes each out in full. */
const groupCounts = () =>
  z.object({
    q: z
      .string()
      .describe('A `q=` expression selecting exactly this group’s alerts (with a sub-group, its top group’s too)'),
    key: z.nullable(z.string()).describe('The value, null for the alerts without one'),
    none: z.boolean().describe('Whether this is the group of alerts without a value'),
    count: z.int(),
    severityCounts: countsSchema,
    statusCounts: countsSchema,
    worstSeverity: z.string(),
    lastReceiveTime: z.string().describe('The newest lastReceiveTime of the group'),
  });

/** GET /alerts/grouped: a page of groups, each with its counts, and with two fields its first sub-groups. */
export const alertGroupedSchema = z.object({
  status: z.literal('ok'),
  message: z.optional(z.string()),
  groupBy: z.array(z.string()),
  groupSort: z.enum(['severity', 'count', 'name']),
  total: z.int().describe('Top groups (with `parent`, its sub-groups), over all pages'),
  page: pagingSchema.shape.page,
  pageSize: pagingSchema.shape.pageSize,
  pages: pagingSchema.shape.pages,
  more: pagingSchema.shape.more,
  multiValued: z.array(z.boolean()).describe('Per level: whether an alert may count in several of its groups'),
  groups: z.array(
    groupCounts().extend({
      subgroups: z.optional(z.array(groupCounts())),
      subgroupTotal: z.optional(z.int()),
    }),
  ),
});
z.globalRegistry.add(alertGroupedSchema, {
  id: 'AlertGroups',
  examples: [
    {
      status: 'ok',
      groupBy: ['service', 'resource'],
      groupSort: 'severity',
      total: 2,
      page: 1,
      pageSize: 50,
      pages: 1,
      more: false,
      multiValued: [true, false],
      groups: [
        {
          q: 'service:["Web" TO "Web"]',
          key: 'Web',
          none: false,
          count: 2,
          severityCounts: { critical: 1, major: 1 },
          statusCounts: { open: 2 },
          worstSeverity: 'critical',
          lastReceiveTime: '2025-03-01T10:15:00.120Z',
          subgroups: [
            {
              q: 'service:["Web" TO "Web"] AND resource:["web01" TO "web01"]',
              key: 'web01',
              none: false,
              count: 1,
              severityCounts: { critical: 1 },
              statusCounts: { open: 1 },
              worstSeverity: 'critical',
              lastReceiveTime: '2025-03-01T10:15:00.120Z',
            },
          ],
          subgroupTotal: 2,
        },
        {
          q: 'NOT service:{"" TO *]',
          key: null,
          none: true,
          count: 1,
          severityCounts: { warning: 1 },
          statusCounts: { ack: 1 },
          worstSeverity: 'warning',
          lastReceiveTime: '2025-03-01T09:02:11.480Z',
          subgroups: [
            {
              q: 'NOT service:{"" TO *] AND resource:["db01" TO "db01"]',
              key: 'db01',
              none: false,
              count: 1,
              severityCounts: { warning: 1 },
              statusCounts: { ack: 1 },
              worstSeverity: 'warning',
              lastReceiveTime: '2025-03-01T09:02:11.480Z',
            },
          ],
          subgroupTotal: 1,
        },
      ],
    },
  ],
});

/** Query parameters of GET /alerts/facets (docs/api/alerts.md#get-alertsfacets). */
export const alertFacetsQuery = alertListQuery
  .omit({ 'sort-by': true, page: true, 'page-size': true, 'show-raw-data': true, 'show-history': true })
  .extend({
    fields: z
      .optional(queryValue)
      .describe(
        'Comma-separated: environment, service, resource, event, group, origin, customer, severity, status, tag ' +
          '(default: environment, service, resource, event, group, origin, tag)',
      ),
    limit: z.optional(queryValue).describe('Values listed per field, 1 to 100 (default 10)'),
  });

/** GET /alerts/facets: the most common values of each field among the matching alerts. */
export const alertFacetsSchema = z.object({
  status: z.literal('ok'),
  facets: z.record(
    z.string(),
    z.object({
      values: z.array(z.object({ value: z.string(), count: z.int() })).describe('By count, then value'),
      more: z.int().describe('How many more distinct values there are'),
      none: z.int().describe('How many alerts have no value'),
    }),
  ),
  total: z.int().describe('The alerts matching'),
});
z.globalRegistry.add(alertFacetsSchema, {
  id: 'AlertFacets',
  examples: [
    {
      status: 'ok',
      facets: {
        environment: { values: [{ value: 'Production', count: 12 }], more: 0, none: 0 },
        tag: {
          values: [
            { value: 'dc1', count: 7 },
            { value: 'linux', count: 3 },
          ],
          more: 4,
          none: 5,
        },
      },
      total: 12,
    },
  ],
});
