import { z } from 'zod/mini';
import type { ApiClient, Query } from '../api';
import { readAlertList } from './lenientAlert';

/** One environment tab's count: GET /environments, or GET /alerts with `show-environments` (docs/api/alerts.md). */
const environmentCountSchema = z.looseObject({ environment: z.string(), count: z.number() });
export type EnvironmentCount = z.infer<typeof environmentCountSchema>;

/**
 * GET /alerts answer (docs/api/alerts.md); counts and paging the console does not use are kept loose. Each alert is
 * read on its own (see lenientAlert.ts): one the console cannot use is left out and counted in `dropped`, not the whole
 * list.
 */
export const alertsResponseSchema = z.pipe(
  z.looseObject({
    alerts: z.array(z.unknown()),
    total: z.int(),
    page: z.optional(z.int()),
    pageSize: z.optional(z.int()),
    pages: z.optional(z.int()),
    more: z.optional(z.boolean()),
    environments: z.optional(z.array(environmentCountSchema)),
  }),
  z.transform(({ alerts, ...rest }) => ({ ...rest, ...readAlertList(alerts) })),
);
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

/** The filter part of a search; GET /environments and the pick lists take it too. */
export interface AlertsFilterParams {
  q: string | null;
  environment: string | null;
  status: readonly string[];
  customer: readonly string[];
  service: readonly string[];
  group: readonly string[];
  /** Case-insensitive words the description must contain. */
  text: string | null;
  dateRange: readonly [number | null, number | null];
}

export interface AlertsParams extends AlertsFilterParams {
  sortBy: readonly string[];
  page: number;
  pageSize: number;
  showHistory: boolean;
  /**
   * Asks for the environment tabs' counts with the page, from a server that says it answers them (`list_environments`
   * in GET /config, docs/api/alerts.md#the-answer): one request instead of two on every refresh.
   */
  withEnvironments?: boolean;
}

/** docs/console/behaviour.md#calls: a positive number is epoch seconds, a negative one is seconds before now. */
function dateParam(seconds: number | null, nowMs: number): string | undefined {
  if (seconds === null) return undefined;
  return new Date(seconds < 0 ? nowMs + seconds * 1000 : seconds * 1000).toISOString();
}

export function filterQuery(params: AlertsFilterParams, nowMs: number): Query {
  return {
    q: params.q === null || params.q === '' ? undefined : params.q,
    environment: params.environment ?? undefined,
    status: params.status,
    customer: params.customer,
    service: params.service,
    group: params.group,
    // docs/api/alerts.md: a leading ~ makes a field filter a case-insensitive substring match.
    text: params.text === null || params.text.trim() === '' ? undefined : `~${params.text.trim()}`,
    'from-date': dateParam(params.dateRange[0], nowMs),
    'to-date': dateParam(params.dateRange[1], nowMs),
  };
}

function alertsQuery(params: AlertsParams, rawData: boolean): Query {
  return {
    ...filterQuery(params, Date.now()),
    'sort-by': params.sortBy,
    'show-history': params.showHistory ? true : undefined,
    'show-environments': params.withEnvironments === true ? true : undefined,
    'show-raw-data': rawData ? true : undefined,
    page: params.page,
    'page-size': params.pageSize,
  };
}

/** `rawData` asks for each alert's raw data too, which the list leaves out (the CSV download writes it). */
export function fetchAlerts(
  api: ApiClient,
  params: AlertsParams,
  signal?: AbortSignal,
  rawData = false,
): Promise<AlertsResponse> {
  return api.request('/alerts', { query: alertsQuery(params, rawData), signal, schema: alertsResponseSchema });
}

/** A page of the list with the entity tag the server gave it, to ask again with. */
export type AlertsPage = AlertsResponse & { etag: string | null };

/**
 * The list's page again, or `previous` itself when the server answers that nothing changed since (304 to the page's
 * entity tag): then nothing is downloaded, parsed or compared.
 */
export async function refetchAlerts(
  api: ApiClient,
  params: AlertsParams,
  signal: AbortSignal | undefined,
  previous: AlertsPage | undefined,
): Promise<AlertsPage> {
  const answer = await api.revalidate('/alerts', previous?.etag ?? null, {
    query: alertsQuery(params, false),
    signal,
    schema: alertsResponseSchema,
  });
  if (answer.changed) return { ...answer.data, etag: answer.etag };
  if (previous === undefined) throw new Error('304 Not Modified without an answer held');
  return previous;
}

const environmentsSchema = z.looseObject({ environments: z.array(environmentCountSchema) });

/** Alert counts per environment for the tabs; the environment itself is not filtered on. */
export async function fetchEnvironmentCounts(
  api: ApiClient,
  params: AlertsFilterParams,
  signal?: AbortSignal,
): Promise<EnvironmentCount[]> {
  const answer = await api.request('/environments', {
    query: { ...filterQuery({ ...params, environment: null }, Date.now()) },
    signal,
    schema: environmentsSchema,
  });
  return answer.environments;
}

const severityCountsSchema = z.looseObject({ severityCounts: z.optional(z.record(z.string(), z.number())) });

/** GET /alerts/count (docs/api/alerts.md): the alerts matching `query`, counted per severity (the indicator tiles). */
export async function fetchSeverityCounts(
  api: ApiClient,
  query: Query,
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const answer = await api.request('/alerts/count', { query, signal, schema: severityCountsSchema });
  return answer.severityCounts ?? {};
}

const servicesSchema = z.looseObject({ services: z.array(z.looseObject({ service: z.string() })) });
const groupsSchema = z.looseObject({ groups: z.array(z.looseObject({ group: z.string() })) });
const customersSchema = z.looseObject({ customers: z.array(z.looseObject({ customer: z.string() })) });

/**
 * Distinct non-empty names, sorted without regard to case (docs/console/alert-screens.md#filter-sheet: empty values are
 * dropped).
 */
function distinctNames(names: readonly string[]): string[] {
  return [...new Set(names.filter((n) => n !== ''))].sort((a, b) =>
    a.localeCompare(b, undefined, { sensitivity: 'base' }),
  );
}

export async function fetchServiceNames(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.request('/services', { signal, schema: servicesSchema });
  return distinctNames(answer.services.map((s) => s.service));
}

export async function fetchGroupNames(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.request('/alerts/groups', { signal, schema: groupsSchema });
  return distinctNames(answer.groups.map((g) => g.group));
}

export async function fetchCustomerNames(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const answer = await api.request('/customers', { signal, schema: customersSchema });
  return distinctNames(answer.customers.map((c) => c.customer));
}

const okSchema = z.looseObject({ status: z.string() });

/** PUT /alert/{id}/action; docs/console/behaviour.md#states-and-actions: only ack and shelve carry a timeout. */
export function takeAction(
  api: ApiClient,
  id: string,
  body: { action: string; text: string; timeout?: number | null | undefined },
): Promise<unknown> {
  const { timeout, ...rest } = body;
  return api.request(`/alert/${encodeURIComponent(id)}/action`, {
    method: 'PUT',
    body: timeout === undefined || timeout === null ? rest : { ...rest, timeout },
    schema: okSchema,
  });
}

export function tagAlert(api: ApiClient, id: string, tags: string[], untag = false): Promise<unknown> {
  return api.request(`/alert/${encodeURIComponent(id)}/${untag ? 'untag' : 'tag'}`, {
    method: 'PUT',
    body: { tags },
    schema: okSchema,
  });
}

export function deleteAlert(api: ApiClient, id: string): Promise<unknown> {
  return api.request(`/alert/${encodeURIComponent(id)}`, { method: 'DELETE', schema: okSchema });
}
