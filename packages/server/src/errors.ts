/** An error with an HTTP status that the error handler turns into the error envelope of docs/api/conventions.md. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: string[] | null = null,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const notFound = (message = 'not found'): ApiError => new ApiError(404, message);
export const badRequest = (message: string, errors: string[] | null = null): ApiError =>
  new ApiError(400, message, errors);
