import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { blackoutColumns } from './blackoutColumns';
import { scopeParts } from './blackoutScope';
import { makeBlackout } from './testData';

describe('the scope of a blackout', () => {
  it('names every field that narrows it, in order, lists joined', () => {
    const blackout = makeBlackout({
      environment: 'Production',
      service: ['Web', 'Shop'],
      resource: 'web01',
      event: 'NodeDown',
      group: 'Network',
      tags: ['linux', 'planned'],
      origin: 'nagios',
    });
    expect(scopeParts(blackout)).toEqual([
      { field: 'environment', value: 'Production' },
      { field: 'service', value: 'Web, Shop' },
      { field: 'resource', value: 'web01' },
      { field: 'event', value: 'NodeDown' },
      { field: 'group', value: 'Network' },
      { field: 'tags', value: 'linux, planned' },
      { field: 'origin', value: 'nagios' },
    ]);
  });

  it('leaves out fields that are empty, blank or null', () => {
    const blackout = makeBlackout({
      environment: 'Staging',
      resource: ' ',
      event: '',
      service: [''],
      origin: 'zabbix',
    });
    expect(scopeParts(blackout)).toEqual([
      { field: 'environment', value: 'Staging' },
      { field: 'origin', value: 'zabbix' },
    ]);
  });

  it('fills the Scope cell of the list with the fields and their names', () => {
    const i18n = createI18n('en');
    const [scope] = blackoutColumns(i18n.t, false, {
      canWrite: false,
      onEdit: () => undefined,
      onCopy: () => undefined,
      onDelete: () => undefined,
    });
    if (scope === undefined) throw new Error('a Scope column expected');
    expect(scope.key).toBe('scope');
    const { container } = render(
      <MantineProvider>{scope.cell(makeBlackout({ environment: 'Production', resource: 'web01' }))}</MantineProvider>,
    );
    // The texts come with the screen's messages; without them the keys name the fields.
    expect(container.querySelector('span')?.textContent).toBe(
      'blackouts.environment: Productionblackouts.resource: web01',
    );
  });
});
