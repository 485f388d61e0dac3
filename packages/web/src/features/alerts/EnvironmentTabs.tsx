import { Tabs } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

const ALL = '*';

export interface EnvironmentTabsProps {
  /** Environment names the tabs show, in order. */
  environments: readonly string[];
  counts: ReadonlyMap<string, number>;
  active: string | null;
  onChange: (environment: string | null) => void;
  /** Its place in the toolbar (AlertsScreen.module.css). */
  className?: string | undefined;
}

/** Environments the tabs list: those with alerts, plus the configured ones when the user wants them all shown. */
export function tabEnvironments(
  fromServer: readonly string[],
  configured: readonly string[],
  showAllowed: boolean,
): string[] {
  const names = new Set(fromServer.filter((n) => n !== ''));
  if (showAllowed) for (const name of configured) names.add(name);
  return [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** docs/console/behaviour.md#screens-and-routes: a tab per environment plus ALL, each with its alert count. */
export const EnvironmentTabs = memo(function EnvironmentTabs({
  environments,
  counts,
  active,
  onChange,
  className,
}: EnvironmentTabsProps) {
  const { t } = useTranslation();
  let total = 0;
  for (const count of counts.values()) total += count;
  // A filtered environment with no alerts left still gets its tab, so the view can be left.
  const names = active !== null && !environments.includes(active) ? [...environments, active] : environments;
  return (
    <Tabs
      value={active ?? ALL}
      onChange={(value) => onChange(value === null || value === ALL ? null : value)}
      className={className}
    >
      <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
        <Tabs.Tab value={ALL}>{t('alerts.tabAll', { count: total })}</Tabs.Tab>
        {names.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {t('alerts.tab', { environment: name, count: counts.get(name) ?? 0 })}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
});
