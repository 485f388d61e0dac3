import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { BannerArea, BannerProvider, useBanners } from './Banner';
import { BannerStore, type Banner } from './bannerStore';

describe('banner store', () => {
  it('keeps one banner per key, replacing its text', () => {
    const store = new BannerStore();
    store.show({ key: 'a', text: 'first', kind: 'info' });
    store.show({ key: 'b', text: 'other', kind: 'error' });
    store.show({ key: 'a', text: 'second', kind: 'warning' });
    expect(store.list()).toEqual([
      { key: 'a', text: 'second', kind: 'warning' },
      { key: 'b', text: 'other', kind: 'error' },
    ]);
  });

  it('tells its listeners only about changes', () => {
    const store = new BannerStore();
    let changes = 0;
    const unsubscribe = store.subscribe(() => (changes += 1));
    store.show({ key: 'a', text: 'same', kind: 'info' });
    store.show({ key: 'a', text: 'same', kind: 'info' });
    store.close('missing');
    expect(changes).toBe(1);
    unsubscribe();
    store.close('a');
    expect(changes).toBe(1);
  });

  it('does not raise again what the user closed, until the text changes or the app took it back', () => {
    const store = new BannerStore();
    store.show({ key: 'a', text: 'one', kind: 'info' });
    store.close('a', true);
    store.show({ key: 'a', text: 'one', kind: 'info' });
    expect(store.list()).toEqual([]);
    store.show({ key: 'a', text: 'two', kind: 'info' });
    expect(store.list()).toHaveLength(1);
    store.close('a', true);
    store.close('a');
    store.show({ key: 'a', text: 'two', kind: 'info' });
    expect(store.list()).toHaveLength(1);
  });
});

function Raise({ banner }: { banner: Banner }) {
  const banners = useBanners();
  useEffect(() => banners.show(banner), [banners, banner]);
  return null;
}

function Grab({ onStore }: { onStore: (store: BannerStore) => void }) {
  const banners = useBanners();
  useEffect(() => {
    onStore(banners);
  }, [banners, onStore]);
  return null;
}

function renderBanners(banners: Banner[]) {
  const store: { current?: BannerStore } = {};
  const keep = (banners: BannerStore) => {
    store.current = banners;
  };
  render(
    <MantineProvider>
      <I18nextProvider i18n={createI18n('en')}>
        <BannerProvider>
          <Grab onStore={keep} />
          {banners.map((banner) => (
            <Raise key={banner.key} banner={banner} />
          ))}
          <BannerArea />
        </BannerProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return store;
}

describe('banner area', () => {
  it('shows each banner as text, errors as alerts and the rest as status, until dismissed', async () => {
    const user = userEvent.setup();
    renderBanners([
      { key: 'maintenance', text: 'Maintenance at <b>noon</b>', kind: 'info' },
      { key: 'broken', text: 'Something is broken', kind: 'error' },
    ]);
    expect(await screen.findByRole('status')).toHaveTextContent('Maintenance at <b>noon</b>');
    expect(screen.getByRole('alert')).toHaveTextContent('Something is broken');
    const [first] = screen.getAllByRole('button', { name: 'Dismiss this notice' });
    await user.click(first as HTMLElement);
    expect(screen.queryByText(/Maintenance/)).not.toBeInTheDocument();
    expect(screen.getByText('Something is broken')).toBeInTheDocument();
  });

  it('shows nothing without banners, and goes when the app takes its banner back', async () => {
    const store = renderBanners([{ key: 'k', text: 'Temporary', kind: 'success' }]);
    expect(await screen.findByText('Temporary')).toBeInTheDocument();
    act(() => store.current?.close('k'));
    expect(screen.queryByText('Temporary')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
