import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n';
import { preloadGroupedView } from './preloadGroupedView';

// docs/console/alert-screens.md#grouped-view: a console opened on a grouped list loads the view's texts at once.

const GROUPING_TEXT = 'alerts.grouping.first';

describe('the grouped view loaded ahead', () => {
  it('loads the view’s texts for a grouped list, and nothing for a flat list or another screen', async () => {
    const flat = createI18n('en');
    const elsewhere = createI18n('en');
    const grouped = createI18n('en');
    preloadGroupedView({ pathname: '/alerts', hash: '#status:open;sb:default' }, flat);
    preloadGroupedView({ pathname: '/heartbeats', hash: '#gb:service' }, elsewhere);
    preloadGroupedView({ pathname: '/alerts', hash: '#status:open;gb:service,resource' }, grouped);
    expect(grouped.exists(GROUPING_TEXT)).toBe(false);
    await vi.waitFor(() => expect(grouped.exists(GROUPING_TEXT)).toBe(true));
    expect(flat.exists(GROUPING_TEXT)).toBe(false);
    expect(elsewhere.exists(GROUPING_TEXT)).toBe(false);
  });

  it('loads them in the console’s language too', async () => {
    const i18n = createI18n('de');
    preloadGroupedView({ pathname: '/console/alerts/', hash: '#gb:event' }, i18n);
    await vi.waitFor(() => expect(i18n.t(GROUPING_TEXT)).toBe('Gruppieren nach'));
  });
});
