type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges configuration layers, later layers winning. Nested objects merge key by key (so a server that only sends
 * `dates.mediumDate` keeps the other default formats); arrays and scalars replace. `undefined` never overrides.
 */
export function mergeConfig(...layers: readonly PlainObject[]): PlainObject {
  const result: PlainObject = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      const current = result[key];
      result[key] = isPlainObject(current) && isPlainObject(value) ? mergeConfig(current, value) : value;
    }
  }
  return result;
}
