import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { type TestServer, startTestServer } from './support/app.js';

/**
 * docs/api/README.md#openapi-document: the OpenAPI 3.1 document at /api/openapi.json describes every API route, is a
 * valid OpenAPI 3.1 document whose examples fit their schemas, and the reference page at /api/docs loads its own
 * scripts under its Content-Security-Policy. The document depends on no stored data, so one SQLite server suffices.
 */

const documentSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const operationSchema = z.looseObject({ summary: z.optional(z.string()), tags: z.optional(z.array(z.string())) });

/**
 * Routes the document leaves out on purpose: HEAD, which Fastify adds to every GET by itself; the console's files and
 * its history-mode fallback, which are not API; the reference page and its own files.
 */
const EXCLUDED: readonly { reason: string; matches: (method: string, url: string) => boolean }[] = [
  { reason: 'HEAD answers every GET', matches: (method) => method === 'HEAD' },
  { reason: 'the console, not the API', matches: (_method, url) => url !== '/api' && !url.startsWith('/api/') },
  {
    reason: 'the reference page itself',
    matches: (_method, url) => url === '/api/docs' || url.startsWith('/api/docs/'),
  },
];

/** A route URL as OpenAPI writes its path: `{id}` for `:id`, `{*}` for the rest of a path. */
const openapiPath = (url: string): string =>
  (url.slice('/api'.length) || '/').replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/** Each schema in the document that carries `examples`, with where it is. */
function schemasWithExamples(node: unknown, where: string, found: { where: string; schema: object }[]): void {
  if (Array.isArray(node)) {
    node.forEach((child, index) => schemasWithExamples(child, `${where}/${String(index)}`, found));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (Array.isArray(record.examples) && ('type' in record || 'properties' in record || 'anyOf' in record)) {
    found.push({ where, schema: record });
  }
  for (const [key, child] of Object.entries(record)) {
    if (key !== 'examples') schemasWithExamples(child, `${where}/${key}`, found);
  }
}

/** A schema, or the component its `$ref` names. */
function resolve(doc: unknown, schema: { $ref?: string | undefined }): unknown {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const components = z.looseObject({ components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }) });
  return components.parse(doc).components.schemas[name];
}

describe('OpenAPI document and reference page', () => {
  let server: TestServer;
  let dataDir: string;
  const registered: { method: string; url: string }[] = [];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'alerta-openapi-'));
    server = await startTestServer({
      name: 'sqlite',
      newDatabaseUrl: () => Promise.resolve(`sqlite:${join(dataDir, 'alerta.sqlite')}`),
    });
    // Every route Fastify has, from its own listing: a tree whose nodes each add to their parent's path.
    const prefixes: string[] = [];
    for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (match?.[1] === undefined || match[2] === undefined) continue;
      const depth = match[1].length / 4;
      const parent = prefixes[depth - 1] ?? '';
      // A wildcard's node leaves out the slash before it.
      const url = match[2] === '*' && !parent.endsWith('/') ? `${parent}/*` : parent + match[2];
      prefixes[depth] = url;
      for (const method of match[3]?.split(', ') ?? []) registered.push({ method, url });
    }
  });
  after(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fetchDocument = async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^application\/json/);
    return { raw: JSON.parse(response.body) as unknown, doc: documentSchema.parse(JSON.parse(response.body)) };
  };

  it('is public: answers without credentials although AUTH_REQUIRED is on', async () => {
    assert.equal(server.settings.AUTH_REQUIRED, true);
    const { doc } = await fetchDocument();
    assert.equal(doc.openapi, '3.1.0');
  });

  it('describes every route Fastify registered, each once, with a summary and a tag', async () => {
    assert.ok(registered.length > 100, `only ${String(registered.length)} routes read from printRoutes`);
    const { doc } = await fetchDocument();
    const missing: string[] = [];
    const undescribed: string[] = [];
    for (const { method, url } of registered) {
      if (EXCLUDED.some((rule) => rule.matches(method, url))) continue;
      const operation = doc.paths[openapiPath(url)]?.[method.toLowerCase()];
      if (operation === undefined) {
        missing.push(`${method} ${url}`);
        continue;
      }
      const { summary, tags } = operationSchema.parse(operation);
      if (summary === undefined || summary === '' || tags === undefined || tags.length !== 1) {
        undescribed.push(`${method} ${url}`);
      }
    }
    assert.deepEqual(missing, []);
    assert.deepEqual(undescribed, []);
    // And nothing more: each documented operation is a route.
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const routes = new Set(registered.map(({ method, url }) => `${method} ${openapiPath(url)}`));
    assert.deepEqual(
      documented.filter((operation) => !routes.has(operation)),
      [],
    );
    assert.ok(!('/docs' in doc.paths) && !('/docs/json' in doc.paths));
  });

  it('takes request schemas from the contract: POST /alert documents its body, GET /alerts its parameters', async () => {
    const { doc, raw } = await fetchDocument();
    const bodySchema = z.looseObject({ required: z.array(z.string()), properties: z.record(z.string(), z.unknown()) });
    const post = z
      .looseObject({
        requestBody: z.looseObject({
          required: z.literal(true),
          content: z.looseObject({
            'application/json': z.looseObject({
              schema: z.unknown(),
            }),
          }),
        }),
      })
      .parse(doc.paths['/alert']?.post);
    const body = bodySchema.parse(
      resolve(
        raw,
        z.looseObject({ $ref: z.optional(z.string()) }).parse(post.requestBody.content['application/json'].schema),
      ),
    );
    assert.deepEqual([...body.required].sort(), ['event', 'resource']);
    assert.ok('severity' in body.properties && 'attributes' in body.properties);
    const list = z
      .looseObject({ parameters: z.array(z.looseObject({ name: z.string(), in: z.string() })) })
      .parse(doc.paths['/alerts']?.get);
    const names = list.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    for (const name of ['q', 'page', 'page-size', 'sort-by']) assert.ok(names.includes(name), name);
  });

  it('documents the sign-in bodies, each field a string that may be left out, and the body itself too', async () => {
    const { doc, raw } = await fetchDocument();
    const expected: Record<string, readonly string[]> = {
      '/auth/login': ['email', 'password', 'username'],
      '/auth/signup': ['email', 'name', 'password', 'text'],
      '/auth/forgot': ['email'],
      '/auth/reset/{token}': ['password'],
      '/auth/openid': ['clientId', 'code', 'redirectUri'],
      '/auth/github': ['clientId', 'code', 'redirectUri'],
      '/auth/cas': ['service', 'ticket'],
    };
    const operation = z.looseObject({
      requestBody: z.looseObject({
        required: z.boolean(),
        content: z.looseObject({ 'application/json': z.looseObject({ schema: z.looseObject({}) }) }),
      }),
    });
    const bodySchema = z.looseObject({
      required: z.optional(z.array(z.string())),
      properties: z.record(z.string(), z.unknown()),
    });
    for (const [path, fields] of Object.entries(expected)) {
      const post = operation.parse(doc.paths[path]?.post);
      const schema = z
        .looseObject({ $ref: z.optional(z.string()) })
        .parse(post.requestBody.content['application/json'].schema);
      const body = bodySchema.parse(resolve(raw, schema));
      assert.deepEqual(Object.keys(body.properties).sort(), fields, path);
      assert.deepEqual(body.required ?? [], [], path);
      // A login without a body is refused (401); the other routes read a missing body as an empty one.
      assert.equal(post.requestBody.required, path === '/auth/login', path);
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const { raw } = await fetchDocument();
    const validator = new Validator();
    const result = await validator.validate(z.record(z.string(), z.unknown()).parse(raw));
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
    assert.equal(validator.version, '3.1');
  });

  it('has examples, and each one fits the schema it illustrates', async () => {
    const { raw } = await fetchDocument();
    const found: { where: string; schema: object }[] = [];
    schemasWithExamples(raw, '#', found);
    assert.ok(found.length >= 3, `only ${String(found.length)} schemas with examples`);
    for (const { where, schema } of found) {
      const { examples, ...rest } = schema as { examples: unknown[] };
      const check = z.fromJSONSchema(rest);
      assert.ok(examples.length > 0, where);
      for (const example of examples) {
        const result = check.safeParse(example);
        assert.ok(result.success, `${where}: ${JSON.stringify(result.error?.issues ?? [])}`);
      }
      // The schema is strict enough to tell: an empty object is no example of an answer or a body.
      assert.equal(check.safeParse({}).success, false, where);
    }
  });

  it('serves the reference page at /api/docs, whose scripts and styles load from this server under its policy', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/api/docs' });
    assert.equal(page.statusCode, 200, page.body);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /default-src 'none'/);
    assert.doesNotMatch(policy, /unsafe-eval/);
    // No inline script: every script comes from a file.
    assert.doesNotMatch(page.body, /<script(?![^>]*\ssrc=)[^>]*>\s*\S/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? '');
    assert.ok(
      assets.some((asset) => asset.endsWith('swagger-ui-bundle.js')),
      assets.join(', '),
    );
    assert.ok(
      assets.some((asset) => asset.endsWith('swagger-initializer.js')),
      assets.join(', '),
    );
    for (const asset of assets) {
      assert.ok(asset.startsWith('/api/docs/'), `${asset} is not served by this server`);
      const file = await server.app.inject({ method: 'GET', url: asset });
      assert.equal(file.statusCode, 200, asset);
      assert.ok(file.headers['content-security-policy'] !== undefined, asset);
    }
    // The page asks for the document next to it, which is the same as /api/openapi.json.
    const json = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    assert.equal(json.statusCode, 200);
    const { raw } = await fetchDocument();
    assert.deepEqual(JSON.parse(json.body), raw);
  });

  it('keeps the API’s own policy everywhere else under /api', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(
      String(response.headers['content-security-policy']),
      "default-src 'none';form-action 'self';frame-ancestors 'none'",
    );
  });
});
