import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { change, input, local, posts, puts, serveLists, until, onFixedClock } from './dialogTestKit';
import { makeBlackout } from './testData';

onFixedClock();

describe('edit and copy', { timeout: 45_000 }, () => {
  const stored = () =>
    makeBlackout({
      id: 'b1',
      environment: 'Production',
      service: ['Web'],
      resource: 'web01',
      event: 'NodeDown',
      group: 'Misc',
      tags: ['linux'],
      origin: 'nagios',
      customer: null,
      startTime: '2026-11-20T09:00:12.345Z',
      endTime: '2026-11-20T12:00:12.345Z',
      text: 'Kernel upgrade',
    });

  it('puts every field, cleared ones as null, and the stored times while they are untouched', async () => {
    serveLists([stored()]);
    renderApp('/blackouts', { token: makeToken({ scope: 'admin read write' }) });
    await until(() => expect(screen.getByRole('button', { name: /^Edit blackout/ })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /^Edit blackout/ }));
    await until(() => expect(screen.getByRole('dialog', { name: 'Edit blackout' })).toBeInTheDocument(), 10);
    const dialog = screen.getByRole('dialog', { name: 'Edit blackout' });
    expect(input(dialog, /Environment/).value).toBe('Production');
    expect(input(dialog, 'Duration').value).toBe('custom');
    change(input(dialog, /Resource/), '  ');
    change(input(dialog, /Group/), '');
    change(input(dialog, /Origin/), '');
    change(input(dialog, /Reason/), ' Kernel upgrade, part 2 ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() => expect(puts()).toHaveLength(1));
    const put = puts()[0];
    expect(put?.url.pathname).toBe('/blackout/b1');
    await until(() =>
      expect(put?.body).toEqual({
        environment: 'Production',
        service: ['Web'],
        resource: null,
        event: 'NodeDown',
        group: null,
        tags: ['linux'],
        origin: null,
        customer: null,
        startTime: '2026-11-20T09:00:12.345Z',
        endTime: '2026-11-20T12:00:12.345Z',
        text: 'Kernel upgrade, part 2',
      }),
    );
    await until(() => expect(screen.getByText('Blackout saved.')).toBeInTheDocument(), 10);
  });

  it('sends a changed time, and a chosen duration, as UTC', async () => {
    serveLists([stored()]);
    renderApp('/blackouts', { token: makeToken({ scope: 'admin read write' }) });
    await until(() => expect(screen.getByRole('button', { name: /^Edit blackout/ })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /^Edit blackout/ }));
    await until(() => expect(screen.getByRole('dialog', { name: 'Edit blackout' })).toBeInTheDocument(), 10);
    const dialog = screen.getByRole('dialog', { name: 'Edit blackout' });
    const start = local(new Date(2026, 10, 22, 6, 45));
    change(input(dialog, /Start date/), start.date);
    change(input(dialog, /Start time/), start.time);
    change(input(dialog, 'Duration'), '7200');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() => expect(puts()).toHaveLength(1));
    await until(() =>
      expect(puts()[0]?.body).toMatchObject({
        startTime: new Date(2026, 10, 22, 6, 45).toISOString(),
        endTime: new Date(2026, 10, 22, 8, 45).toISOString(),
      }),
    );
  });

  it('copies a blackout into a new one with fresh default times', async () => {
    serveLists([stored()]);
    renderApp('/blackouts', { token: makeToken({ scope: 'admin read write' }) });
    await until(() => expect(screen.getByRole('button', { name: /^Copy blackout/ })).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /^Copy blackout/ }));
    await until(() => expect(screen.getByRole('dialog', { name: 'New blackout' })).toBeInTheDocument(), 10);
    const dialog = screen.getByRole('dialog', { name: 'New blackout' });
    expect(input(dialog, /Resource/).value).toBe('web01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() =>
      expect(posts()[0]?.body).toEqual({
        environment: 'Production',
        service: ['Web'],
        resource: 'web01',
        event: 'NodeDown',
        group: 'Misc',
        tags: ['linux'],
        origin: 'nagios',
        startTime: '2026-11-20T10:07:00.000Z',
        endTime: '2026-11-20T11:07:00.000Z',
        text: 'Kernel upgrade',
      }),
    );
  });
});
