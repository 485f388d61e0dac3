/**
 * The administration screens' common parts (paged lists, tables, dialogs, the texts they share), the only entry other
 * features import them through.
 */
export { AdminTable, type AdminColumn } from './AdminTable';
export { DataTable, type DataColumn } from './DataTable';
export { FormDialog } from './FormDialog';
export { ListToolbar } from './ListToolbar';
export { RowButton } from './RowButton';
export { useAdminChange, useConfirmDelete } from './adminActions';
export { searchParam, usePagedAdminList } from './adminList';
export { adminMessages } from './messages';
export { Chips, DateTime } from './parts';
export { useGrantableScopes, useKnownScopes } from './scopes';
