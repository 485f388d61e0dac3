import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAlert, makeToken } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { expectConsoleMessage } from '../../test/setup';
import { lenientAlertSchema, readAlert, readAlertList } from '../../shared/lenientAlert';
import { alertsScenario } from '../../test/mocks';

const BASE = 'https://alerta.example.com/api';

/**
 * GET /alerts as a stock Alerta 9 (PostgreSQL) answers it, written by hand after docs/api/alerts.md: keys in
 * alphabetical order, the counts and paging the console does not use, `history: []` without show-history, absolute
 * hrefs. The second alert carries values a strict reading refuses (a Mongo backend or a plugin wrote them); the last
 * two entries cannot be used at all.
 */
const stockAnswer = {
  alerts: [
    {
      attributes: { flapping: false, ip: '10.20.30.41', moreInfo: 'https://wiki.example.com/db', region: 'EU' },
      correlate: ['DiskFull', 'DiskOK'],
      createTime: '2026-11-22T03:52:45.035Z',
      customer: null,
      duplicateCount: 12,
      environment: 'Production',
      event: 'DiskFull',
      group: 'OS',
      history: [],
      href: `${BASE}/alert/7e1c9a52-3c1f-4f4b-9d0e-1b2a3c4d5e6f`,
      id: '7e1c9a52-3c1f-4f4b-9d0e-1b2a3c4d5e6f',
      lastReceiveId: 'f0e1d2c3-b4a5-4697-8877-665544332211',
      lastReceiveTime: '2026-11-22T04:10:02.118Z',
      origin: 'zabbix/zbx01',
      previousSeverity: 'minor',
      rawData: null,
      receiveTime: '2026-11-22T03:52:45.102Z',
      repeat: true,
      resource: 'db01.example.com',
      service: ['Database', 'Shop'],
      severity: 'major',
      status: 'open',
      tags: ['linux', 'dc1'],
      text: 'Disk /var is 93% full',
      timeout: 86400,
      trendIndication: 'moreSevere',
      type: 'zabbixAlert',
      updateTime: '2026-11-22T04:10:02.118Z',
      value: '93%',
    },
    {
      attributes: { ip: '10.20.30.42' },
      correlate: [],
      createTime: '2026-11-22T04:01:00.000Z',
      customer: null,
      duplicateCount: '3',
      environment: 'Production',
      event: 'HighLoad',
      group: 'Performance',
      history: [
        {
          event: 'HighLoad',
          href: `${BASE}/alert/0b3f5a9e-8d7c-4e6b-a5f4-e3d2c1b0a998`,
          id: '0b3f5a9e-8d7c-4e6b-a5f4-e3d2c1b0a998',
          severity: 'catastrophic',
          status: 'open',
          text: 'new alert',
          timeout: null,
          type: 'new',
          updateTime: '2026-11-22T04:01:00.000Z',
          user: null,
          value: 42,
        },
        'not a history entry',
      ],
      href: `${BASE}/alert/0b3f5a9e-8d7c-4e6b-a5f4-e3d2c1b0a998`,
      id: '0b3f5a9e-8d7c-4e6b-a5f4-e3d2c1b0a998',
      lastReceiveId: '0b3f5a9e-8d7c-4e6b-a5f4-e3d2c1b0a998',
      lastReceiveTime: '2026-11-22T04:01:00.000Z',
      links: [{ rel: 'runbook', href: 'https://wiki.example.com/load' }],
      origin: 'collectd/app02',
      previousSeverity: 'indeterminate',
      rawData: { load1: 17.2, load5: 12.9 },
      receiveTime: '2026-11-22T04:01:00.010Z',
      repeat: false,
      resource: 'app02.example.com',
      service: 'Shop',
      severity: 'catastrophic',
      status: 'open',
      tags: ['linux', 7],
      text: 'Load average is high',
      timeout: null,
      trendIndication: 'sideways',
      type: 'exceptionAlert',
      updateTime: null,
      value: 42,
    },
    null,
    { resource: 'no-id.example.com', event: 'Lost', severity: 'minor' },
  ],
  autoRefresh: true,
  lastTime: '2026-11-22T04:10:02.118Z',
  message: null,
  more: false,
  page: 1,
  pageSize: 50,
  pages: 1,
  severityCounts: { catastrophic: 1, major: 1, minor: 1 },
  status: 'ok',
  statusCounts: { open: 3 },
  total: 4,
};

const COLUMNS = ['severity', 'status', 'resource', 'event', 'value', 'text'];

describe('alerts from a stock Alerta 9', () => {
  it('lists every usable alert, with odd values made readable, and says how many were left out', async () => {
    expectConsoleMessage(/2 alerts could not be read/);
    alertsScenario.answer(() => stockAnswer);
    renderApp('/alerts', { token: makeToken(), config: { columns: COLUMNS, refresh_interval: 60_000 } });

    const odd = await screen.findByRole('row', { name: /app02\.example\.com/ });
    expect(within(odd).getByText('42')).toBeInTheDocument();
    expect(odd).toHaveTextContent(/catastrophic/i);
    expect(screen.getByRole('row', { name: /db01\.example\.com/ })).toHaveTextContent('93%');
    expect(screen.queryByText('no-id.example.com')).not.toBeInTheDocument();
    expect(await screen.findByText('2 alerts could not be read and are missing from the list.')).toBeVisible();
    expect(screen.queryByText('The alerts could not be loaded.')).not.toBeInTheDocument();
  });

  it('shows no notice when every alert could be read', async () => {
    alertsScenario.answer(() => ({ ...stockAnswer, alerts: stockAnswer.alerts.slice(0, 2) }));
    renderApp('/alerts', { token: makeToken(), config: { columns: COLUMNS, refresh_interval: 60_000 } });
    await screen.findByRole('row', { name: /app02\.example\.com/ });
    expect(screen.queryByText(/missing from the list/)).not.toBeInTheDocument();
  });
});

describe('reading one alert leniently', () => {
  it('keeps a well-formed alert as it is', () => {
    const alert = makeAlert({ attributes: { ip: '10.0.0.1' }, tags: ['a'], customer: 'Acme', rawData: 'raw' });
    expect(readAlert(alert)).toEqual(alert);
    expect(readAlert({ ...alert, extra: 'dropped', _links: {} })).toEqual(alert);
  });

  it('turns what can be turned into the expected types and leaves out the rest', () => {
    const alert = readAlert(stockAnswer.alerts[1]);
    expect(alert).toMatchObject({
      value: '42',
      rawData: '{"load1":17.2,"load5":12.9}',
      timeout: 0,
      duplicateCount: 3,
      service: ['Shop'],
      tags: ['linux', '7'],
      severity: 'catastrophic',
      trendIndication: 'noChange',
      updateTime: null,
      customer: null,
    });
    expect(alert?.history).toEqual([expect.objectContaining({ value: '42', timeout: null, type: 'new' })]);
    expect(Object.keys(alert ?? {}).sort()).toEqual(Object.keys(makeAlert()).sort());
  });

  it('fills what is missing with neutral values', () => {
    expect(readAlert({ id: 'abc', customer: 7, repeat: 'true', attributes: ['not', 'a', 'map'] })).toMatchObject({
      id: 'abc',
      resource: '',
      status: 'unknown',
      severity: 'unknown',
      value: null,
      customer: null,
      repeat: true,
      attributes: {},
      lastReceiveId: 'abc',
      history: [],
    });
  });

  it('drops only what has no id', () => {
    expect(readAlertList(stockAnswer.alerts)).toMatchObject({ dropped: 2 });
    expect(readAlert({ id: '' })).toBeNull();
    expect(readAlert('7e1c9a52')).toBeNull();
  });

  it('reads a single alert (the detail screen) the same way', () => {
    expect(lenientAlertSchema.safeParse(stockAnswer.alerts[1]).data?.value).toBe('42');
    expect(lenientAlertSchema.safeParse(null).success).toBe(false);
  });
});
