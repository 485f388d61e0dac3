import { type Hash, createHash, createHmac } from 'node:crypto';
import { Transform, pipeline } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors.js';
import { sameSecret } from './same-secret.js';

/**
 * Hawk request authentication (docs/api/auth.md#credentials), checked against the shared keys of HMAC_AUTH_CREDENTIALS.
 * What is verified: the MAC over timestamp, nonce, method, path and query, host, port, the `hash` attribute and `ext`;
 * the timestamp (at most SKEW_SECONDS away from our clock); the nonce (not seen before from that id); and, when the
 * header carries `hash`, the request body and its content type. Without `hash` the body is not covered, as Hawk allows.
 */

/** Hawk's own clients default to sha256; the reference hands the name to Python's hashlib, so these also work. */
const ALGORITHMS = ['sha1', 'sha256', 'sha384', 'sha512'] as const;

/** HMAC_AUTH_CREDENTIALS: the reference's shape, a JSON list of `{id, key, algorithm}`. Ids must be unique. */
export const hawkCredentialsSchema = z
  .array(
    z.object({
      id: z.string().min(1),
      key: z.string().min(1),
      algorithm: z.enum(ALGORITHMS).default('sha256'),
    }),
  )
  .refine((list) => new Set(list.map((c) => c.id)).size === list.length, 'ids must be unique');

export type HawkCredential = z.infer<typeof hawkCredentialsSchema>[number];

/** Hawk's recommended window; the reference allows 300 s, which leaves a replayable header alive longer. */
export const SKEW_SECONDS = 60;
/** Nonces remembered at most at once; enough for ~800 Hawk requests a second, sustained. */
const NONCE_LIMIT = 100_000;

const ATTRIBUTE = /\s*(\w+)="([^"\\]*)"\s*(?:,|$)/y;
// The characters Hawk allows in an attribute value.
const ATTRIBUTE_VALUE = /^[ \w!#$%&'()*+,\-./:;<=>?@[\]^`{|}~]+$/;

const hawkHeaderSchema = z.strictObject({
  id: z.string(),
  ts: z.string().regex(/^\d{1,13}$/, 'ts must be whole seconds'),
  nonce: z.string(),
  mac: z.string(),
  hash: z.string().optional(),
  ext: z.string().optional(),
  app: z.string().optional(),
  dlg: z.string().optional(),
});
type HawkHeader = z.infer<typeof hawkHeaderSchema>;

const refused = (message: string, challenge = `Hawk error="${message}"`): ApiError =>
  new ApiError(401, message, null, { 'WWW-Authenticate': challenge });

const malformed = (detail: string): ApiError => refused(`Invalid Hawk authorization header: ${detail}`);

/** The attributes of `Hawk id="…", ts="…", …`; anything else in the header makes it malformed. */
export function parseHawkHeader(attributes: string): HawkHeader {
  const found: Record<string, string> = {};
  let at = 0;
  while (at < attributes.length) {
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(attributes);
    if (match === null) throw malformed('expected name="value" pairs');
    const [, name = '', value = ''] = match;
    if (!ATTRIBUTE_VALUE.test(value)) throw malformed(`bad value of ${name}`);
    if (Object.hasOwn(found, name)) throw malformed(`${name} given twice`);
    found[name] = value;
    at = ATTRIBUTE.lastIndex;
  }
  const parsed = hawkHeaderSchema.safeParse(found);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.code === 'unrecognized_keys' ? issue.keys.join(', ') : String(issue?.path[0] ?? '');
    throw malformed(issue?.code === 'unrecognized_keys' ? `unknown attribute ${key}` : `missing or bad ${key}`);
  }
  return parsed.data;
}

/**
 * Host and port as the client signed them: the Host header as received, the port of the request's scheme when it
 * names none. Fastify runs without `trustProxy`, so X-Forwarded-Host is ignored and the scheme is that of the
 * connection to us: behind a TLS-terminating proxy, clients must sign the Host the proxy forwards, and a Host
 * without a port counts as port 80. IPv6 brackets are dropped, as Hawk clients parse the URL's hostname.
 */
function hostAndPort(request: FastifyRequest): { host: string; port: string } {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(request.headers.host?.trim() ?? '');
  if (match === null) throw malformed('the request has no usable Host header');
  const [, name = '', port] = match;
  return {
    host: name.replace(/^\[|\]$/g, '').toLowerCase(),
    port: port ?? (request.protocol === 'https' ? '443' : '80'),
  };
}

function normalizedRequest(request: FastifyRequest, header: HawkHeader): string {
  const { host, port } = hostAndPort(request);
  const ext = (header.ext ?? '').replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
  const lines = [
    'hawk.1.header',
    header.ts,
    header.nonce,
    request.method.toUpperCase(),
    request.url,
    host,
    port,
    header.hash ?? '',
    ext,
  ];
  // Oz delegation adds the application (and delegator) to what is signed.
  if (header.app !== undefined) lines.push(header.app, header.dlg ?? '');
  return `${lines.join('\n')}\n`;
}

const mac = (credential: HawkCredential, text: string): string =>
  createHmac(credential.algorithm, credential.key).update(text).digest('base64');

/**
 * Nonces seen within the replay window, each kept until its header could no longer pass the timestamp check. Per
 * process: with several server processes, a header replayed to another process is caught only by its timestamp.
 * Entries are kept for twice the skew from arrival, so they expire in insertion order and pruning stops at the first
 * live one.
 */
class NonceCache {
  private readonly seen = new Map<string, number>();

  /** False when the nonce was used already. */
  remember(key: string, nowMs: number): boolean {
    for (const [old, until] of this.seen) {
      if (until > nowMs) break;
      this.seen.delete(old);
    }
    if (this.seen.has(key)) return false;
    // Refusing beats forgetting: a forgotten nonce could be replayed.
    if (this.seen.size >= NONCE_LIMIT) {
      throw new ApiError(503, 'Too many Hawk requests at once; try again shortly', null, { 'Retry-After': '10' });
    }
    this.seen.set(key, nowMs + 2 * SKEW_SECONDS * 1000);
    return true;
  }
}

interface PayloadCheck {
  expected: string;
  hash: Hash;
}

/** Bodies still to be checked against a verified header's `hash`: the body is read after credentials are checked. */
const pendingPayloads = new WeakMap<FastifyRequest, PayloadCheck>();

/** Hawk's payload hash begins with the content type's media type, lower-cased, without parameters. */
function startPayloadHash(credential: HawkCredential, contentType: string | undefined): Hash {
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return createHash(credential.algorithm).update(`hawk.1.payload\n${mediaType}\n`);
}

export class HawkVerifier {
  private readonly credentials: ReadonlyMap<string, HawkCredential>;
  private readonly nonces = new NonceCache();

  constructor(
    credentials: readonly HawkCredential[],
    private readonly now: () => number = Date.now,
  ) {
    this.credentials = new Map(credentials.map((c) => [c.id, c]));
  }

  /** The id of the verified sender; throws 401 for anything wrong. `attributes` is the header after `Hawk`. */
  verify(request: FastifyRequest, attributes: string): string {
    const header = parseHawkHeader(attributes);
    const credential = this.credentials.get(header.id);
    if (credential === undefined) throw refused('Unknown Hawk credentials');
    if (!sameSecret(mac(credential, normalizedRequest(request, header)), header.mac)) {
      throw refused('Hawk MAC does not match the request');
    }
    const nowMs = this.now();
    const nowSeconds = Math.floor(nowMs / 1000);
    if (Math.abs(nowSeconds - Number(header.ts)) > SKEW_SECONDS) {
      // Hawk lets the client correct its clock: our time, signed with its key.
      const tsm = mac(credential, `hawk.1.ts\n${String(nowSeconds)}\n`);
      const message = `Hawk timestamp is more than ${String(SKEW_SECONDS)} seconds from the server's clock`;
      throw refused(message, `Hawk ts="${String(nowSeconds)}", tsm="${tsm}", error="Stale timestamp"`);
    }
    // Only a header with a valid MAC uses up a nonce, so nobody can spend another sender's nonces.
    if (!this.nonces.remember(`${header.id}\n${header.nonce}`, nowMs)) {
      throw refused('Hawk nonce was already used');
    }
    if (header.hash !== undefined) {
      pendingPayloads.set(request, {
        expected: header.hash,
        hash: startPayloadHash(credential, request.headers['content-type']),
      });
    }
    return header.id;
  }
}

/**
 * Checks bodies against the `hash` of verified Hawk headers: hashed while Fastify reads them, compared before the
 * route runs. A request that sends `hash` but whose body is not parsed (a GET) is held to the hash of an empty body.
 * Register only when Hawk credentials exist; other requests then pay one WeakMap lookup per hook.
 */
export function registerHawkPayloadCheck(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const check = pendingPayloads.get(request);
    if (check === undefined) return payload;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        check.hash.update(chunk);
        done(null, chunk);
      },
    });
    // pipeline passes read errors on to Fastify and ends both streams together.
    return pipeline(payload, hashing, () => undefined);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const check = pendingPayloads.get(request);
    if (check === undefined) {
      done();
      return;
    }
    pendingPayloads.delete(request);
    const actual = check.hash.update('\n').digest('base64');
    done(sameSecret(actual, check.expected) ? undefined : refused('Hawk payload hash does not match the request body'));
  });
}
