import type { Alert } from '@alerta/contract';

export interface AlertsUiState {
  /** Selected alerts by id, in selection order; a snapshot of each as it was when picked. */
  selected: ReadonlyMap<string, Alert>;
  /** The top bar's watch switch: only alerts the user watches. */
  watchOnly: boolean;
  /** Auto-refresh stopped by the user. */
  paused: boolean;
  /** Dialogs and menus open on the alerts screen; refreshing under them would move what they act on. */
  overlays: number;
}

type Listener = () => void;

/**
 * State the top bar and the alerts screen share (docs/console/behaviour.md#screens-and-routes "App shell": the bulk bar
 * and the watch switch live in the top bar, the rows they act on in the screen).
 */
export class AlertsUiStore {
  private state: AlertsUiState = { selected: new Map(), watchOnly: false, paused: false, overlays: 0 };
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): AlertsUiState => this.state;

  private set(patch: Partial<AlertsUiState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  toggle(alert: Alert, on?: boolean): void {
    const selected = new Map(this.state.selected);
    const select = on ?? !selected.has(alert.id);
    if (select) selected.set(alert.id, alert);
    else selected.delete(alert.id);
    this.set({ selected });
  }

  /** Selects or unselects several alerts at once (shift-click ranges, select all). */
  setMany(alerts: readonly Alert[], on: boolean): void {
    const selected = new Map(this.state.selected);
    for (const alert of alerts) {
      if (on) selected.set(alert.id, alert);
      else selected.delete(alert.id);
    }
    this.set({ selected });
  }

  clearSelection(): void {
    if (this.state.selected.size > 0) this.set({ selected: new Map() });
  }

  setWatchOnly(watchOnly: boolean): void {
    this.set({ watchOnly });
  }

  setPaused(paused: boolean): void {
    this.set({ paused });
  }

  openOverlay(): void {
    this.set({ overlays: this.state.overlays + 1 });
  }

  closeOverlay(): void {
    this.set({ overlays: Math.max(0, this.state.overlays - 1) });
  }
}
