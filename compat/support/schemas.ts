import { z } from 'zod';

/**
 * Our API's answers are read with the contract's schemas (`@alerta/contract`: alertSchema, noteSchema,
 * heartbeatSchema, blackoutSchema, apiKeySchema, userSchema, groupSchema, permissionSchema, customerSchema), so that
 * every object a test reads is checked whole, as the console reads it. A suite declares a shape of its own only where
 * the contract has none (the SDK's objects as sdk_bridge.py sends them, the CLI's JSON, GET /alerts/history's
 * entries, GET /management/status) or is looser than the test must be: the contract reads GET /config with every key
 * optional, for servers that leave some out, where a test needs the key it reads to be there.
 */

/** `{<field>: [...]}` of a list answer, parsed with the item schema. */
export function listOf<T extends z.core.$ZodType>(
  body: Record<string, unknown>,
  field: string,
  item: T,
): z.output<T>[] {
  return z.parse(z.array(item), body[field]);
}

/** `{<field>: {...}}` of a single-item answer. */
export function itemOf<T extends z.core.$ZodType>(body: Record<string, unknown>, field: string, item: T): z.output<T> {
  return z.parse(item, body[field]);
}
