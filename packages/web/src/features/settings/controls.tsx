import { NativeSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import classes from './controls.module.css';

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

/**
 * An on/off setting. The switch shows the user's flip within the click itself: the saved preferences reach the screen
 * a timer tick later (the query cache notifies on a timer), and until then a controlled switch would spring back. The
 * flip holds until the save settles, so the saved (or refused) value then shows.
 */
export function ToggleSetting({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  /** Saves the change; settles once the saved value is what `checked` says. */
  onChange: (checked: boolean) => Promise<void>;
}) {
  const [flip, setFlip] = useState<boolean | null>(null);
  return (
    <Switch
      label={label}
      // Mantine wraps the description into the label; the name is the label alone, the description describes it.
      aria-label={label}
      description={description}
      checked={flip ?? checked}
      onChange={(event) => {
        setFlip(event.currentTarget.checked);
        void onChange(event.currentTarget.checked).finally(() => setFlip(null));
      }}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * A setting picked from a list: the browser's own select, quick with keyboard, touch and screen readers alike. With
 * `fullText` the select is as wide as its longest choice (up to the screen's width), and where even that is too narrow,
 * on a phone, the chosen text is repeated in full under it (docs/console/account-screens.md#settings).
 */
export function ChoiceSetting({
  label,
  description,
  value,
  choices,
  onChange,
  fullText = false,
}: {
  label: string;
  description?: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  fullText?: boolean;
}) {
  const select = (
    <NativeSelect
      label={label}
      description={description}
      value={value}
      data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
      onChange={(event) => onChange(event.currentTarget.value)}
      {...(fullText ? { classNames: { root: classes.fullText } } : { maw: 420 })}
    />
  );
  if (!fullText) return select;
  const chosen = choices.find((choice) => choice.value === value)?.label ?? value;
  return (
    <div>
      {select}
      {/* The select says the same to screen readers; this line is for eyes on a narrow screen. */}
      <Text size="sm" aria-hidden className={classes.chosen}>
        {chosen}
      </Text>
    </div>
  );
}
