import { Alert, Stack } from '@mantine/core';
import { createContext, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerStore, type BannerKind } from './bannerStore';

const BannerContext = createContext<BannerStore | null>(null);

/** Holds the shell's banners for every screen inside it. */
export function BannerProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new BannerStore());
  return <BannerContext value={store}>{children}</BannerContext>;
}

export function useBanners(): BannerStore {
  const store = useContext(BannerContext);
  if (store === null) throw new Error('useBanners needs a BannerProvider');
  return store;
}

const COLORS: Record<BannerKind, string> = { success: 'teal', info: 'indigo', warning: 'orange', error: 'red' };

/**
 * docs/console/shell.md#snackbar-and-banner: outlined, dismissible notices at the top of the content. Their text is
 * shown as text.
 */
export function BannerArea() {
  const { t } = useTranslation();
  const store = useBanners();
  const banners = useSyncExternalStore(store.subscribe, store.list);
  if (banners.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm">
      {banners.map((banner) => (
        <Alert
          key={banner.key}
          variant="outline"
          color={COLORS[banner.kind]}
          role={banner.kind === 'error' ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel={t('banner.close')}
          onClose={() => store.close(banner.key, true)}
        >
          {banner.text}
        </Alert>
      ))}
    </Stack>
  );
}
