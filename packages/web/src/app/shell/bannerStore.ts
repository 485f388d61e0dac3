export type BannerKind = 'success' | 'info' | 'warning' | 'error';

/**
 * A notice at the top of the content (docs/console/shell.md#snackbar-and-banner): stays until the user closes it or the
 * app takes it back.
 */
export interface Banner {
  /** Who raised it; showing again with the same key changes that banner instead of adding one. */
  key: string;
  text: string;
  kind: BannerKind;
}

type Listener = () => void;

/** The banners on show, oldest first. Lives in the shell, beside the snackbar queue. */
export class BannerStore {
  private banners: readonly Banner[] = [];
  /** The text of each banner the user closed, so the same notice is not raised again at once. */
  private readonly dismissed = new Map<string, string>();
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  list = (): readonly Banner[] => this.banners;

  /** Shows `banner`, unless the user has closed it with this very text. */
  show(banner: Banner): void {
    if (this.dismissed.get(banner.key) === banner.text) return;
    this.dismissed.delete(banner.key);
    const current = this.banners.find((b) => b.key === banner.key);
    if (current !== undefined && current.text === banner.text && current.kind === banner.kind) return;
    this.banners =
      current === undefined ? [...this.banners, banner] : this.banners.map((b) => (b.key === banner.key ? banner : b));
    this.emit();
  }

  /** Takes a banner away. Closed by the user, it stays away while the app keeps raising the same text. */
  close(key: string, byUser = false): void {
    const current = this.banners.find((b) => b.key === key);
    if (byUser && current !== undefined) this.dismissed.set(key, current.text);
    if (!byUser) this.dismissed.delete(key);
    if (current === undefined) return;
    this.banners = this.banners.filter((b) => b.key !== key);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
