/**
 * The switches of docs/api/management.md `/management/switchboard`, kept in the memory of each server process (as in
 * the reference): `auto-refresh-allow` tells consoles whether to refresh on their own (`autoRefresh` of GET /alerts and
 * /alerts/count), and `sender-api-allow` turns away new alerts, which the reference never enforces.
 */
export const SWITCHES = {
  'auto-refresh-allow': 'Allow consoles to refresh the alert list on their own',
  'sender-api-allow': 'Accept new alerts from senders (POST /alert and webhooks)',
} as const;

export type SwitchName = keyof typeof SWITCHES;

export const isSwitchName = (name: string): name is SwitchName => Object.hasOwn(SWITCHES, name);

/** One switchboard per server; every switch starts ON. */
export class Switchboard {
  private readonly off = new Set<SwitchName>();

  isOn(name: SwitchName): boolean {
    return !this.off.has(name);
  }

  set(name: SwitchName, on: boolean): void {
    if (on) this.off.delete(name);
    else this.off.add(name);
  }

  entries(): { name: SwitchName; description: string; on: boolean }[] {
    return (Object.keys(SWITCHES) as SwitchName[]).map((name) => ({
      name,
      description: SWITCHES[name],
      on: this.isOn(name),
    }));
  }
}

const boards = new WeakMap<object, Switchboard>();

/** The switchboard of a server, made on first use. */
export function switchboardOf(owner: object): Switchboard {
  let board = boards.get(owner);
  if (board === undefined) {
    board = new Switchboard();
    boards.set(owner, board);
  }
  return board;
}
