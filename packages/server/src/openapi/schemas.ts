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
