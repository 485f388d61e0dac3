import { NativeSelect, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';

/** A time filter: a start and an end, each seconds since the epoch, or seconds before now when negative. */
export type TimeRange = readonly [number | null, number | null];

/** docs/console/behaviour.md#screens-and-routes: the time filter presets, as seconds before now. */
const PRESETS = { latest: null, hour1: -3600, hours6: -21600, hours12: -43200 } as const;
type Preset = keyof typeof PRESETS | 'custom';

function presetOf([from, to]: TimeRange): Preset {
  if (to === null) {
    for (const [name, seconds] of Object.entries(PRESETS)) if (seconds === from) return name as Preset;
  }
  return 'custom';
}

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

function toInput(seconds: number | null, fallback: dayjs.Dayjs): string {
  return (seconds !== null && seconds > 0 ? dayjs(seconds * 1000) : fallback).format(LOCAL_INPUT);
}

function fromInput(value: string): number | null {
  const parsed = dayjs(value);
  return value === '' || !parsed.isValid() ? null : Math.floor(parsed.valueOf() / 1000);
}

/** The state of the time fields: the preset chosen, and the custom range being typed until it is applied. */
export function useTimeRange(range: TimeRange) {
  const [preset, setPreset] = useState<Preset>(presetOf(range));
  // A reset (or the browser's back button) may change the range under the select: the select follows.
  const rangeKey = range.join(',');
  const [seenRange, setSeenRange] = useState(rangeKey);
  if (seenRange !== rangeKey) {
    setSeenRange(rangeKey);
    setPreset(presetOf(range));
  }
  const now = dayjs();
  const [start, setStart] = useState(toInput(range[0], now.subtract(7, 'day')));
  const [end, setEnd] = useState(toInput(range[1], now));
  return {
    preset,
    setPreset,
    start,
    setStart,
    end,
    setEnd,
    /** The custom range typed so far, to apply. */
    custom: (): TimeRange => [fromInput(start), fromInput(end)],
  };
}

export interface TimeRangeLabels {
  time: string;
  latest: string;
  hour1: string;
  hours6: string;
  hours12: string;
  custom: string;
  from: string;
  to: string;
}

/** The time choice (Latest, 1 hour, 6 hours, 12 hours, custom) and, for a custom range, its two fields. */
export function TimeRangeFields({
  state,
  labels,
  onRange,
}: {
  state: ReturnType<typeof useTimeRange>;
  labels: TimeRangeLabels;
  /** A preset was chosen: its range applies at once. */
  onRange: (range: TimeRange) => void;
}) {
  return (
    <>
      <NativeSelect
        label={labels.time}
        value={state.preset}
        data={[
          { value: 'latest', label: labels.latest },
          { value: 'hour1', label: labels.hour1 },
          { value: 'hours6', label: labels.hours6 },
          { value: 'hours12', label: labels.hours12 },
          { value: 'custom', label: labels.custom },
        ]}
        onChange={(event) => {
          const next = event.currentTarget.value as Preset;
          state.setPreset(next);
          if (next !== 'custom') onRange([PRESETS[next], null]);
        }}
      />
      {state.preset === 'custom' && (
        <>
          <TextInput
            type="datetime-local"
            label={labels.from}
            value={state.start}
            onChange={(event) => state.setStart(event.currentTarget.value)}
          />
          <TextInput
            type="datetime-local"
            label={labels.to}
            value={state.end}
            onChange={(event) => state.setEnd(event.currentTarget.value)}
          />
        </>
      )}
    </>
  );
}
