const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * docs/api/identity.md user attributes: a deep merge where nested objects merge key by key and a null removes the key
 * at any depth (the console stores its preferences this way, one changed key at a time).
 */
export function mergeUserAttributes(
  current: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) {
      delete merged[key];
      continue;
    }
    const existing = merged[key];
    merged[key] =
      isPlainObject(value) && isPlainObject(existing)
        ? mergeUserAttributes(existing, value)
        : isPlainObject(value)
          ? mergeUserAttributes({}, value)
          : value;
  }
  return merged;
}
