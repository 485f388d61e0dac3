import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { type TestServer, alertBody, body } from './app.js';

export interface HistoryJson {
  id: string;
  type: string;
  status: string | null;
  severity: string | null;
  value: string | null;
  text: string | null;
  user: string | null;
  timeout: number | null;
  updateTime: string;
}

export interface AlertJson {
  id: string;
  status: string;
  severity: string;
  event: string;
  value: string | null;
  text: string;
  tags: string[];
  attributes: Record<string, unknown>;
  timeout: number;
  duplicateCount: number;
  repeat: boolean;
  previousSeverity: string;
  trendIndication: string;
  createTime: string;
  receiveTime: string;
  lastReceiveId: string;
  lastReceiveTime: string;
  updateTime: string | null;
  history: HistoryJson[];
  [key: string]: unknown;
}

/** Small HTTP helpers over `app.inject` for the alert tests, all sent with the given credentials. */
export function alertClient(server: () => TestServer, headers: Record<string, string>) {
  const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    server().app.inject({
      method,
      url: `/api${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    send,
    put: (url: string, payload: unknown) => send('PUT', url, payload),
    /** POST /alert with the test defaults; returns the stored alert. */
    async create(overrides: Record<string, unknown> = {}): Promise<AlertJson> {
      const response = await send('POST', '/alert', alertBody(overrides));
      assert.equal(response.statusCode, 201, response.body);
      return (body(response) as { alert: AlertJson }).alert;
    },
    async get(id: string): Promise<AlertJson> {
      const response = await send('GET', `/alert/${id}`);
      assert.equal(response.statusCode, 200, response.body);
      return (body(response) as { alert: AlertJson }).alert;
    },
    async action(id: string, action: string, extra: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
      return send('PUT', `/alert/${id}/action`, { action, ...extra });
    },
  };
}

/** Asserts the error envelope of docs/api/conventions.md with the given code (and message, when given). */
export function assertError(response: LightMyRequestResponse, code: number, message?: string | RegExp): void {
  assert.equal(response.statusCode, code, response.body);
  const envelope = body(response);
  assert.equal(envelope.status, 'error');
  assert.equal(envelope.code, code);
  assert.equal(typeof envelope.requestId, 'string');
  if (typeof message === 'string') assert.equal(envelope.message, message);
  else if (message !== undefined) assert.match(String(envelope.message), message);
}

export const historyTypes = (alert: AlertJson): string[] => alert.history.map((h) => h.type);
