import { lazyChunk } from '../../app/lazyChunk';

/**
 * The new-blackout dialog prefilled from a group of the grouped alert list (docs/console/alert-screens.md#group-actions);
 * its code and texts load when it is first shown.
 */
export const BlackoutForGroupDialog = lazyChunk(() => import('./BlackoutFromGroup'));
export type { GroupKeys } from './BlackoutFromGroup';
