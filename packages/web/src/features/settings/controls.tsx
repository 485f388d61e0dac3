import { NativeSelect, Stack, Switch, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled group of settings, a landmark of its own for screen-reader users. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** An on/off setting. */
export function ToggleSetting({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      label={label}
      // Mantine wraps the description into the label; the name is the label alone, the description describes it.
      aria-label={label}
      description={description}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A setting picked from a list: the browser's own select, quick with keyboard, touch and screen readers alike. */
export function ChoiceSetting({
  label,
  description,
  value,
  choices,
  onChange,
}: {
  label: string;
  description?: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <NativeSelect
      label={label}
      description={description}
      value={value}
      data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={420}
    />
  );
}
