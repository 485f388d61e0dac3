export * from './alarm-models.js';
export * from './alert.js';
export * from './auth.js';
export * from './config.js';
export * from './dates.js';
export * from './envelope.js';
export * from './scopes.js';
export * from './transitions.js';
