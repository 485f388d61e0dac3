import type { AppConfig } from '../../config/appConfig';
import type { Preferences } from './preferences';

/** screens.md §13.2: the ranges the Settings sliders offer; a stored value outside them is brought inside. */
export const FONT_SIZE_RANGE = { min: 10, max: 30 } as const;
export const FONT_WEIGHT_RANGE = { min: 100, max: 900 } as const;

/** console.md §9: 13 px, weight 500, when neither the user nor the config says. */
const DEFAULT_SIZE = 13;
const DEFAULT_WEIGHT = 500;

export interface TableFont {
  family: string | undefined;
  size: number;
  weight: number;
}

const clamp = (value: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, value));

/** "13px", "13" or 13 as a number; anything else as undefined. */
function numberOf(value: unknown): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The alert table's font: the user's choice, else the config's (screens.md §13.2). */
export function tableFont(prefs: Preferences, config: Pick<AppConfig, 'font'>): TableFont {
  const mine = prefs.font;
  const theirs = config.font;
  return {
    family: textOf(mine?.['font-family']) ?? textOf(theirs?.['font-family']),
    size: clamp(numberOf(mine?.['font-size']) ?? numberOf(theirs?.['font-size']) ?? DEFAULT_SIZE, FONT_SIZE_RANGE),
    weight: clamp(
      numberOf(mine?.['font-weight']) ?? numberOf(theirs?.['font-weight']) ?? DEFAULT_WEIGHT,
      FONT_WEIGHT_RANGE,
    ),
  };
}
