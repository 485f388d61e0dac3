export { ApiProvider, useApi } from './ApiContext';
export { buildQueryString, createApiClient, type ApiClient, type Query, type RequestOptions } from './client';
export { ApiError, NetworkError, ResponseShapeError, isAbortError } from './errors';
