import { z } from 'zod/mini';
import type { AppConfig } from '../config/appConfig';

const NO_COLORS: Readonly<Record<string, string>> = {};
const NO_ACTIONS: readonly string[] = [];
const legacyColorsSchema = z.looseObject({ severity: z.optional(z.record(z.string(), z.string())) });

/**
 * Severity colours from the alarm model, else from the older top-level `colors` key some servers still send
 * (docs/console/plumbing.md#server-config). The same object is returned for the same config, so memoised rows keep
 * their props.
 */
export function severityColorsOf(config: AppConfig): Readonly<Record<string, string>> {
  const fromModel = config.alarm_model?.colors?.severity;
  if (fromModel !== undefined) return fromModel;
  const legacy = legacyColorsSchema.safeParse(config.colors);
  return legacy.success ? (legacy.data.severity ?? NO_COLORS) : NO_COLORS;
}

/** The configured custom actions, or a shared empty list. */
export function customActionsOf(config: AppConfig): readonly string[] {
  return config.actions ?? NO_ACTIONS;
}
