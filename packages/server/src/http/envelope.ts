import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { isDatabaseUnavailable } from '../store/unavailable.js';

export const JSON_CONTENT_TYPE_MESSAGE = "POST and PUT requests must set 'Content-type' to 'application/json'";

/** docs/api/conventions.md: the error envelope every error answers with. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: number,
  message: string,
  errors: string[] | null,
): FastifyReply {
  return reply
    .code(code)
    .type('application/json')
    .send({ status: 'error', message, code, errors, requestId: request.id });
}

/** Werkzeug-style HTTP error texts, as the reference sends them for framework errors (docs/api/conventions.md). */
function httpError(code: number, title: string, description: string): ApiError {
  return new ApiError(code, `${code} ${title}: ${description}`, [description]);
}

/** Maps any thrown value to an ApiError; undefined means "unexpected" (a 500). */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const fastifyError = error as Partial<FastifyError>;
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return httpError(413, 'Request Entity Too Large', 'The data value transmitted exceeds the capacity limit.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, JSON_CONTENT_TYPE_MESSAGE);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return httpError(400, 'Bad Request', 'Failed to decode JSON object');
    // The router's own refusals (Fastify's frameworkErrors): a path whose percent-encoding does not decode, and a
    // path parameter longer than the router takes. The path is not echoed back.
    case 'FST_ERR_BAD_URL':
      return httpError(400, 'Bad Request', 'The requested URL could not be decoded.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return httpError(
        414,
        'Request-URI Too Long',
        'The length of the requested URL exceeds the capacity limit for this server.',
      );
    default:
      break;
  }
  // README.md#durability: the database is down, unreachable or cannot write; the request may be sent again.
  if (isDatabaseUnavailable(error)) return databaseUnavailableError();
  // A client regular expression PostgreSQL refuses (invalid_regular_expression) is the client's error, not ours.
  if (fastifyError.code === '2201B') {
    return new ApiError(400, 'Failed to parse query string.', [fastifyError.message ?? 'invalid regular expression']);
  }
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return httpError(400, 'Bad Request', 'Failed to decode JSON object');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiError(status, fastifyError.message ?? 'Bad Request');
  }
  return undefined;
}

export const notFoundError = (): ApiError =>
  httpError(
    404,
    'Not Found',
    'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.',
  );

export const methodNotAllowedError = (allowed: readonly string[]): ApiError =>
  new ApiError(
    405,
    '405 Method Not Allowed: The method is not allowed for the requested URL.',
    ['The method is not allowed for the requested URL.'],
    { Allow: allowed.join(', ') },
  );

/** Seconds a client is asked to wait before sending again while the database is unavailable. */
const RETRY_AFTER_SECONDS = 5;

export const databaseUnavailableError = (): ApiError =>
  new ApiError(503, 'Database unavailable, please try again later', null, {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });

/** At most one log line per this many milliseconds while the database stays unavailable: an outage fails every call. */
const UNAVAILABLE_LOG_MS = 5_000;
let lastUnavailableLog = 0;
let unloggedUnavailable = 0;

/** Logs a database failure answered with 503, a few times a minute at most, with how many went unlogged between. */
export function logUnavailable(log: FastifyBaseLogger, error: unknown): void {
  if (!isDatabaseUnavailable(error)) return;
  const now = Date.now();
  if (now - lastUnavailableLog < UNAVAILABLE_LOG_MS) {
    unloggedUnavailable += 1;
    return;
  }
  log.warn({ err: error, alsoFailedSinceLast: unloggedUnavailable }, 'database unavailable, answering 503');
  lastUnavailableLog = now;
  unloggedUnavailable = 0;
}
