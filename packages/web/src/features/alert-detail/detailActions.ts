import type { StatusAction } from '../../shared/alertStatus';

/** docs/console/alert-screens.md#toolbar: the status actions, in the toolbar's order. */
export const TOOLBAR_ACTIONS: readonly StatusAction[] = ['open', 'ack', 'unack', 'shelve', 'unshelve', 'close'];

const BUILT_IN_ACTIONS = new Set<string>([...TOOLBAR_ACTIONS, 'watch', 'unwatch', 'delete']);

/**
 * docs/console/alert-screens.md#toolbar: each action shows once. A custom action of the config named like one of the
 * toolbar's own (watch, delete, a status action) is left out of the More actions menu, as the toolbar has it already.
 */
export function menuActions(actions: readonly string[]): string[] {
  return actions.filter((action) => !BUILT_IN_ACTIONS.has(action.toLowerCase()));
}
