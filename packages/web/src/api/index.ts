export { ApiProvider, useApi } from './ApiContext';
export { createApiClient, type ApiClient, type Query } from './client';
export { ApiError, NetworkError, ResponseShapeError, isAbortError, unlessMissing } from './errors';
