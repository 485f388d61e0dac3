export * from './ast.js';
export * from './fields.js';
export * from './parser.js';
export * from './print.js';
export * from './regex.js';
