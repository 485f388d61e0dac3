import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { advance } from '../../test/fakeClock';
import { API } from '../../test/fixtures';
import { server } from '../../test/server';
import {
  addValues,
  answerPrefs,
  change,
  counts,
  HOUR,
  input,
  local,
  openNew,
  posts,
  serveLists,
  until,
  onFixedClock,
} from './dialogTestKit';

onFixedClock();

describe('new blackout', { timeout: 45_000 }, () => {
  it('checks the fields, then posts only those set, trimmed, with UTC times', async () => {
    serveLists();
    const dialog = await openNew({ blackouts: { duration: 7200 } });
    // No preference: it starts now (to the minute) and lasts the server's default, two hours.
    const start = new Date('2026-11-20T10:07:00.000Z');
    expect(input(dialog, /Start date/).value).toBe(local(start).date);
    expect(input(dialog, /Start time/).value).toBe(local(start).time);
    expect(input(dialog, /End time/).value).toBe(local(start.getTime() + 2 * HOUR).time);
    expect(input(dialog, 'Duration').value).toBe('7200');
    expect(within(dialog).getAllByText(/^Your local time \(.+\)$/)).toHaveLength(2);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() => expect(within(dialog).getByText('Required')).toBeInTheDocument());
    expect(posts()).toHaveLength(0);

    change(input(dialog, /Environment/), 'Production');
    expect(within(dialog).queryByText('Required')).not.toBeInTheDocument();
    // An end before the start is said at once, and blocks saving.
    const endBefore = local(start.getTime() - HOUR);
    change(input(dialog, /End date/), endBefore.date);
    change(input(dialog, /End time/), endBefore.time);
    expect(within(dialog).getByText('The end must come after the start')).toBeInTheDocument();
    expect(input(dialog, 'Duration').value).toBe('custom');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await advance(10);
    expect(posts()).toHaveLength(0);

    // A duration puts the end that far after the start, and follows the start when it moves.
    change(input(dialog, 'Duration'), String(8 * 3600));
    expect(within(dialog).queryByText('The end must come after the start')).not.toBeInTheDocument();
    const later = local(new Date(2026, 10, 21, 9, 30));
    change(input(dialog, /Start date/), later.date);
    change(input(dialog, /Start time/), later.time);
    expect(input(dialog, /End time/).value).toBe(local(new Date(2026, 10, 21, 17, 30)).time);

    addValues(input(dialog, /Service/), ' Web ', 'Shop');
    change(input(dialog, /Resource/), '  web01 ');
    change(input(dialog, /Group/), '   ');
    addValues(input(dialog, /Tags/), 'linux');
    change(input(dialog, /Reason/), ' Kernel upgrade ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() => expect(posts()).toHaveLength(1));
    await until(() =>
      expect(posts()[0]?.body).toEqual({
        environment: 'Production',
        service: ['Web', 'Shop'],
        resource: 'web01',
        tags: ['linux'],
        startTime: new Date(2026, 10, 21, 9, 30).toISOString(),
        endTime: new Date(2026, 10, 21, 17, 30).toISOString(),
        text: 'Kernel upgrade',
      }),
    );
    await until(() => expect(screen.getByText('Blackout created.')).toBeInTheDocument(), 10);
  });

  it('takes its times from the preferences: the next quarter hour and their period', async () => {
    answerPrefs({ blackoutStartNow: false, blackoutPeriod: 86400 });
    serveLists();
    const dialog = await openNew({ blackouts: { duration: 7200 } });
    const start = new Date('2026-11-20T10:15:00.000Z');
    expect(input(dialog, /Start time/).value).toBe(local(start).time);
    expect(input(dialog, /End date/).value).toBe(local(start.getTime() + 24 * HOUR).date);
    expect(input(dialog, /End time/).value).toBe(local(start).time);
    expect(input(dialog, 'Duration').value).toBe('86400');
    // Staging comes from the server's environments.
    await until(() => expect(within(dialog).getByRole('option', { name: 'Staging' })).toBeInTheDocument());
    change(input(dialog, /Environment/), 'Staging');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() =>
      expect(posts()[0]?.body).toEqual({
        environment: 'Staging',
        startTime: '2026-11-20T10:15:00.000Z',
        endTime: '2026-11-21T10:15:00.000Z',
      }),
    );
  });

  it('lasts an hour when neither the user nor the server says otherwise, and offers every environment', async () => {
    serveLists();
    const dialog = await openNew();
    expect(input(dialog, 'Duration').value).toBe('3600');
    expect(input(dialog, /End time/).value).toBe(local(new Date('2026-11-20T11:07:00.000Z')).time);
    await until(() =>
      expect(
        within(input(dialog, /Environment/))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose an environment', 'Development', 'Production', 'Staging']),
    );
  });

  it('warns before saving a blackout that covers a whole environment or everything from an origin', async () => {
    serveLists();
    const dialog = await openNew();
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
    change(input(dialog, /Environment/), 'Production');
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Nothing narrows this blackout: it silences every alert in Production.',
    );
    change(input(dialog, /Origin/), 'nagios');
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'Only the origin narrows this blackout: it silences every alert from nagios in Production.',
    );
    change(input(dialog, /Event/), 'NodeDown');
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
  });

  it('counts the open alerts it would match, asking again once typing pauses', async () => {
    serveLists();
    const dialog = await openNew({ customer_views: true });
    await advance(500);
    // Nothing is counted before there is an environment.
    expect(counts()).toHaveLength(0);
    change(input(dialog, /Environment/), 'Production');
    await advance(399);
    expect(counts()).toHaveLength(0);
    await advance(1);
    await until(() => expect(counts()).toHaveLength(1));
    await until(() => expect(within(dialog).getByText('Would match 3 alerts now')).toBeInTheDocument());
    expect([...(counts()[0]?.url.searchParams ?? [])]).toEqual([
      ['status', 'open'],
      ['environment', 'Production'],
    ]);

    change(input(dialog, /Resource/), 'web');
    await advance(200);
    change(input(dialog, /Resource/), ' web01 ');
    change(input(dialog, /Event/), 'NodeDown');
    change(input(dialog, /Group/), 'Misc');
    change(input(dialog, /Origin/), 'nagios');
    addValues(input(dialog, /Service/), 'Web', 'Shop');
    addValues(input(dialog, /Tags/), 'linux', 'rack 4');
    await advance(400);
    await until(() => expect(counts()).toHaveLength(2));
    const params = counts()[1]?.url.searchParams;
    expect(params?.get('status')).toBe('open');
    expect(params?.get('environment')).toBe('Production');
    expect(params?.get('resource')).toBe('web01');
    expect(params?.get('event')).toBe('NodeDown');
    expect(params?.get('group')).toBe('Misc');
    expect(params?.get('origin')).toBe('nagios');
    expect(params?.getAll('service')).toEqual(['Web', 'Shop']);
    expect(params?.has('tag')).toBe(false);
    expect(params?.has('customer')).toBe(false);
    expect(params?.get('q')).toBe('(((service:"Web" AND service:"Shop") AND tags:"linux") AND tags:"rack 4")');

    server.use(http.get(`${API}/alerts/count`, () => HttpResponse.json({ status: 'ok', total: 1 })));
    change(input(dialog, /Event/), 'NodeUp');
    await advance(400);
    await until(() => expect(within(dialog).getByText('Would match 1 alert now')).toBeInTheDocument());
  });

  it('says when the alerts cannot be counted, without a snackbar', async () => {
    serveLists();
    server.use(
      http.get(`${API}/alerts/count`, () =>
        HttpResponse.json(
          { status: 'error', code: 403, message: 'Missing required scope', errors: null },
          { status: 403 },
        ),
      ),
    );
    const dialog = await openNew();
    change(input(dialog, /Environment/), 'Production');
    await advance(400);
    await until(() =>
      expect(within(dialog).getByText('The alerts it would match could not be counted.')).toBeInTheDocument(),
    );
    expect(screen.queryByText(/Missing required scope/)).not.toBeInTheDocument();
  });

  it('shows the server refusal inside the form', async () => {
    serveLists();
    server.use(
      http.post(`${API}/blackout`, () =>
        HttpResponse.json(
          { status: 'error', code: 400, message: "not allowed to set customer to 'Acme'", errors: null },
          { status: 400 },
        ),
      ),
    );
    const dialog = await openNew();
    change(input(dialog, /Environment/), 'Production');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await until(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent("not allowed to set customer to 'Acme'"),
    );
  });
});
