/**
 * README.md#durability: failures that say the database cannot be reached or cannot write right now, as opposed to a
 * fault in a request or in our code. The API answers them with 503 (the client may send again, nothing of the request
 * was kept), and the server keeps running: the next request tries the database again.
 */

/** Errors of the network or of the operating system while talking to PostgreSQL. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: 08 connection exception, 53 insufficient resources (disk full, too many connections), 58
 * system error (I/O); and single codes: shutting down or starting up (57P01–57P03), a statement cancelled by
 * statement_timeout (57014), a write on a read-only standby (25006).
 */
const POSTGRES_CLASSES = ['08', '53', '58'];
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '57014', '25006']);

/**
 * SQLite result codes (their extended forms share the prefix): the file cannot be written (read-only folder or file,
 * a full disk, an I/O error, a file that cannot be opened), or another connection held the lock longer than
 * busy_timeout.
 */
const SQLITE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_CANTOPEN'];

/** What node-postgres and our own pool say, without a code, when a connection is lost or never made. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 3) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && POSTGRES_CLASSES.includes(code.slice(0, 2))) return true;
    if (SQLITE_PREFIXES.some((prefix) => code.startsWith(prefix))) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
  // Node's connection attempts to several addresses fail with an AggregateError; a wrapped error has a cause.
  const inner = [
    ...(error instanceof AggregateError ? (error.errors as unknown[]) : []),
    (error as { cause?: unknown }).cause,
  ];
  return inner.some((e) => isDatabaseUnavailable(e, depth + 1));
}

/**
 * Whether the PostgreSQL connection the error came on is gone or can no longer be trusted: a network error, a client
 * timeout, or the server ending the session. A statement cancelled by statement_timeout leaves the connection usable.
 */
export function losesConnection(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const code = codeOf(error);
  if (code !== undefined && NETWORK_CODES.has(code)) return true;
  if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || code.startsWith('57P0');
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text));
}
