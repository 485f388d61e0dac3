import { z } from 'zod/mini';

/**
 * A body field a sender may leave out or send as `null`: both mean "not given" (README "Senders"). The reference's
 * own clients send every optional field, `null` when it is unset, so a default applies to a null on create, and on
 * update the stored value stays. A value of another type is still refused, by the schema's own message. The parsed
 * value is never null.
 */
export function optionalField<T extends z.core.SomeType>(schema: T) {
  return z.optional(
    z.pipe(
      z.nullable(schema),
      z.transform((value: z.output<T> | null) => value ?? undefined),
    ),
  );
}

/**
 * A field of an update whose `null` clears the stored value, as the reference stores it (README "Senders"): a
 * blackout's resource, event, group, origin, service, tags, text and customer, a key's text and customer. Left out,
 * it stays.
 */
export function clearableField<T extends z.core.SomeType>(schema: T) {
  return z.optional(z.nullable(schema));
}
