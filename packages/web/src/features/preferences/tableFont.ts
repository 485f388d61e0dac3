import type { AppConfig } from '../../config/appConfig';
import type { Preferences } from './preferences';

/**
 * docs/console/account-screens.md#settings: the ranges the Settings sliders offer; a stored value outside them is
 * brought inside.
 */
export const FONT_SIZE_RANGE = { min: 10, max: 30 } as const;
export const FONT_WEIGHT_RANGE = { min: 100, max: 900 } as const;

export interface TableFont {
  family: string | undefined;
  size: number;
  weight: number;
}

/** "13px", "13" or 13 as 13; anything else as undefined. */
const numberOf = (value: unknown) => {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value));
  return Number.isFinite(parsed) ? parsed : undefined;
};

const within = (value: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, value));

/**
 * The alert table's font: the user's choice, else the config's, else 13 px at weight 500
 * (docs/console/behaviour.md#constants).
 */
export function tableFont(prefs: Preferences, config: Pick<AppConfig, 'font'>): TableFont {
  const mine: Record<string, unknown> = prefs.font ?? {};
  const theirs: Record<string, unknown> = config.font ?? {};
  const family = [mine['font-family'], theirs['font-family']].find((v) => typeof v === 'string' && v.trim() !== '');
  return {
    family: family as string | undefined,
    size: within(numberOf(mine['font-size']) ?? numberOf(theirs['font-size']) ?? 13, FONT_SIZE_RANGE),
    weight: within(numberOf(mine['font-weight']) ?? numberOf(theirs['font-weight']) ?? 500, FONT_WEIGHT_RANGE),
  };
}
