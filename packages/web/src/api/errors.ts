/** An HTTP error answered by the API, read from its error envelope (docs/api/conventions.md). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: number;
  readonly errors: readonly string[];
  readonly requestId: string | undefined;
  /**
   * The body's own `status` word ("error", sometimes "warning"), which colours the snackbar
   * (docs/console/behaviour.md#errors).
   */
  readonly kind: string;

  constructor(init: {
    status: number;
    message: string;
    kind?: string | undefined;
    code?: number | undefined;
    errors?: readonly string[] | null | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code ?? init.status;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.kind = init.kind ?? 'error';
  }
}

/** No response came back (the network or the API is down); an aborted request is not one of these. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(url: string, cause: unknown) {
    super(`No response from ${url}`, { cause });
  }
}

/** The API answered 2xx, but the body did not have the expected shape. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(url: string, cause: unknown) {
    super(`Unexpected response from ${url}`, { cause });
  }
}

/**
 * The answer of a route a stock Alerta server lacks (the grouped view, the facets), or null when the server answers
 * 404: no failure to report, but the sign to hide or fall back from what uses it.
 */
export async function unlessMissing<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
