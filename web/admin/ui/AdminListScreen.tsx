import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { Button, IconButton } from '../../ui/form';
import { DataTable } from './DataTable';
import { LoadError, PageHeader } from './Page';
import type { ListDialogProps, useAdminList } from './useAdminList';

/** A row's Edit and Delete buttons (named after the row), with the row's own buttons before (`leading`) or between. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  leading,
  children,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {leading}
      <IconButton label={`Edit ${name}`} tone="blue" onClick={onEdit}>
        <Pencil aria-hidden className="size-4" />
      </IconButton>
      {children}
      <IconButton label={`Delete ${name}`} tone="red" onClick={onDelete}>
        <Trash2 aria-hidden className="size-4" />
      </IconButton>
    </>
  );
}

type TableProps<Row> = Pick<ComponentProps<typeof DataTable<Row>>, 'rows' | 'rowKey' | 'empty' | 'columns'>;

/**
 * A back-office list screen: the title with its Add button, the load error with Retry, the table whose rows have
 * Edit (the add/edit dialog) and Delete, whatever goes under the table (`children`), the dialog, and the
 * confirmation of `list` (the screen's `useAdminList`).
 */
export function AdminListScreen<Row>({
  list,
  noun,
  plural,
  title = plural,
  subtitle,
  query,
  loadFailed,
  rowName,
  rowActions,
  onDelete,
  dialog: Dialog,
  reload,
  children,
  ...table
}: TableProps<Row> & {
  list: ReturnType<typeof useAdminList<Row>>;
  /** What a row is ("Category"), and the rows ("Categories": the title and table caption). */
  noun: string;
  plural: string;
  title?: string;
  subtitle?: string;
  query: { isError: boolean; isPending: boolean; refetch: () => unknown };
  /** The text when the list could not be loaded. */
  loadFailed: string;
  rowName: (row: Row) => string;
  /** The row's own buttons, between Edit and Delete. */
  rowActions?: (row: Row) => ReactNode;
  onDelete: (row: Row) => void;
  dialog: ComponentType<ListDialogProps<Row>>;
  /** Reloads the list after a save. */
  reload: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const open = list.dialog(reload);
  return (
    <div>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button onClick={() => list.openModal(null)}>
            <Plus aria-hidden className="size-4" /> {`Add ${noun}`}
          </Button>
        }
      />
      <LoadError query={query}>{loadFailed}</LoadError>
      <DataTable
        {...table}
        caption={plural}
        loading={query.isPending}
        actions={(row) => (
          <RowActions name={rowName(row)} onEdit={() => list.openModal(row)} onDelete={() => onDelete(row)}>
            {rowActions?.(row)}
          </RowActions>
        )}
      />
      {children}
      {open ? <Dialog key={open.key} {...open.props} /> : null}
      {list.elements}
    </div>
  );
}
