import { Slider, Stack, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../config/ConfigContext';
import { FONT_SIZE_RANGE, FONT_WEIGHT_RANGE, type Preferences, tableFont } from '../preferences';
import type { SaveSetting } from './useSaveSetting';
import { ChoiceSetting } from './controls';
import { FONT_FAMILIES, withCurrentText } from './options';
import { useUnitLabels } from './unitLabels';

/** A slider is saved once it has rested this long, not at every step of a drag. */
const SAVE_AFTER_MS = 1000;

function FontSlider({
  label,
  value,
  min,
  max,
  step,
  marks,
  valueLabel,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  marks: { value: number; label: string }[];
  valueLabel: (value: number) => string;
  onChange: (value: number) => void;
}) {
  return (
    <div style={{ maxWidth: 420 }}>
      <Text size="sm" fw={500} aria-hidden>
        {label}
      </Text>
      <Slider
        value={value}
        min={min}
        max={max}
        step={step}
        marks={marks}
        label={valueLabel}
        thumbLabel={label}
        thumbProps={{ 'aria-valuetext': valueLabel(value) }}
        onChange={onChange}
        mb="lg"
        // The first and last marks' labels are centred on the track's ends: room for half of each keeps them on a
        // phone's screen.
        mx={40}
      />
    </div>
  );
}

/**
 * The alert table's font: family, size and weight (docs/console/account-screens.md#settings). A sample shows each
 * change at once; the sliders save once they rest.
 */
export function FontSettings({ prefs, save }: { prefs: Preferences; save: SaveSetting }) {
  const { t } = useTranslation();
  const config = useConfig();
  const font = tableFont(prefs, config);
  const configFamily = typeof config.font?.['font-family'] === 'string' ? config.font['font-family'] : undefined;
  const [size, setSize] = useState<number | null>(null);
  const [weight, setWeight] = useState<number | null>(null);
  const saveSize = useDebouncedCallback(
    (value: number) => {
      void save({ font: { 'font-size': `${value}px` } });
      setSize(null);
    },
    { delay: SAVE_AFTER_MS, flushOnUnmount: true },
  );
  const saveWeight = useDebouncedCallback(
    (value: number) => {
      void save({ font: { 'font-weight': value } });
      setWeight(null);
    },
    { delay: SAVE_AFTER_MS, flushOnUnmount: true },
  );
  const shownSize = size ?? font.size;
  const shownWeight = weight ?? font.weight;
  const families = withCurrentText(
    configFamily === undefined ? FONT_FAMILIES : [configFamily, ...FONT_FAMILIES.filter((f) => f !== configFamily)],
    font.family,
  );
  const { pixels } = useUnitLabels();

  return (
    <Stack gap="sm">
      <ChoiceSetting
        label={t('settings.fontFamily')}
        value={font.family ?? ''}
        choices={families.map((family) => ({
          value: family,
          label: family === configFamily ? t('settings.configFont', { font: family }) : family,
        }))}
        onChange={(family) => void save({ font: { 'font-family': family } })}
      />
      <FontSlider
        label={t('settings.fontSize')}
        value={shownSize}
        {...FONT_SIZE_RANGE}
        step={1}
        marks={[10, 15, 20, 25, 30].map((value) => ({ value, label: pixels(value) }))}
        valueLabel={pixels}
        onChange={(value) => {
          setSize(value);
          saveSize(value);
        }}
      />
      <FontSlider
        label={t('settings.fontWeight')}
        value={shownWeight}
        {...FONT_WEIGHT_RANGE}
        step={100}
        marks={[
          { value: 100, label: t('settings.weightThin') },
          { value: 400, label: t('settings.weightNormal') },
          { value: 700, label: t('settings.weightBold') },
          { value: 900, label: t('settings.weightHeavy') },
        ]}
        valueLabel={(value) => String(value)}
        onChange={(value) => {
          setWeight(value);
          saveWeight(value);
        }}
      />
      <div>
        <Text size="xs" c="dimmed">
          {t('settings.fontSampleLabel')}
        </Text>
        <Text style={{ fontFamily: font.family, fontSize: shownSize, fontWeight: shownWeight }}>
          {t('settings.fontSample')}
        </Text>
      </div>
    </Stack>
  );
}
