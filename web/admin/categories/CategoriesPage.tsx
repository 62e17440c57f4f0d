import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminApi, type Category } from '../../api/admin';
import { errorText, fieldErrorsOf, formatDateTime } from '../format';
import { Button, IconButton } from '../ui/Button';
import { useConfirm } from '../ui/Confirm';
import { DataTable } from '../ui/DataTable';
import { Field, TextInput } from '../ui/Field';
import { Modal } from '../ui/Modal';
import { useNotice } from '../ui/Notice';
import { ErrorBanner, PageHeader } from '../ui/Page';

const KEY = ['admin', 'categories'];

function CategoryModal({
  open,
  editing,
  onClose,
  onSaved,
  notifyError,
}: {
  open: boolean;
  editing: Category | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  notifyError: (text: string) => void;
}) {
  const [name, setName] = useState(editing?.categoryname ?? '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const isEdit = editing !== null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const categoryname = name.trim();
    if (!categoryname) {
      setError('Please enter a category name');
      return;
    }
    if (isEdit && !editing?._id) {
      notifyError('Invalid category selected for editing');
      return;
    }
    setSaving(true);
    setError('');
    try {
      if (isEdit) await adminApi.categories.edit(editing._id, categoryname);
      else await adminApi.categories.create(categoryname);
      onSaved(isEdit ? 'Category updated successfully' : 'Category created successfully');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.categoryname) setError(fields.categoryname);
      else if (fields.id) notifyError('Invalid category ID provided');
      else notifyError(errorText(err, isEdit ? 'Failed to update category' : 'Failed to create category'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={isEdit ? 'Edit Category' : 'Add Category'}
      size="sm"
      locked={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="category-form" disabled={saving}>
            {saving ? 'Saving...' : isEdit ? 'Update' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="category-form" onSubmit={submit} noValidate>
        <Field id="categoryname" label="Category Name" required error={error}>
          <TextInput
            id="categoryname"
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={saving}
            error={error}
            maxLength={100}
            autoFocus
            placeholder="e.g. Gemstones"
          />
        </Field>
      </form>
    </Modal>
  );
}

export default function CategoriesPage() {
  const qc = useQueryClient();
  const { confirm, element: confirmElement } = useConfirm();
  const { notify, element: noticeElement } = useNotice();
  const [modal, setModal] = useState<{ editing: Category | null; key: number } | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: adminApi.categories.all });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });
  const rows = list.data?.data ?? [];

  async function remove(c: Category) {
    if (!c._id) {
      notify({ kind: 'error', title: 'Error!', text: 'Invalid category selected for deletion' });
      return;
    }
    if (!(await confirm())) return;
    try {
      await adminApi.categories.remove(c._id);
      notify({ kind: 'success', title: 'Deleted!', text: 'Category has been deleted.' });
    } catch (err) {
      notify({ kind: 'error', title: 'Error!', text: errorText(err, 'Failed to delete category') });
    }
    await reload();
  }

  return (
    <div>
      <PageHeader
        title="Categories"
        actions={
          <Button onClick={() => setModal({ editing: null, key: Date.now() })}>
            <Plus aria-hidden className="size-4" /> Add Category
          </Button>
        }
      />
      {list.isError ? (
        <ErrorBanner
          action={
            <Button variant="secondary" onClick={() => list.refetch()}>
              Retry
            </Button>
          }
        >
          {errorText(list.error, 'Failed to fetch categories')}
        </ErrorBanner>
      ) : null}
      <DataTable
        caption="Categories"
        loading={list.isPending}
        rows={rows}
        rowKey={(c) => c._id}
        empty='No categories found. Click "Add Category" to create your first category.'
        columns={[
          { header: 'Category Name', cell: (c) => <span className="font-medium">{c.categoryname}</span> },
          { header: 'Created At', cell: (c) => formatDateTime(c.createdAt) },
          { header: 'Updated At', cell: (c) => formatDateTime(c.updatedAt) },
        ]}
        actions={(c) => (
          <>
            <IconButton label={`Edit ${c.categoryname}`} tone="blue" onClick={() => setModal({ editing: c, key: Date.now() })}>
              <Pencil aria-hidden className="size-4" />
            </IconButton>
            <IconButton label={`Delete ${c.categoryname}`} tone="red" onClick={() => remove(c)}>
              <Trash2 aria-hidden className="size-4" />
            </IconButton>
          </>
        )}
      />
      {modal ? (
        <CategoryModal
          key={modal.key}
          open
          editing={modal.editing}
          onClose={() => setModal(null)}
          notifyError={(text) => notify({ kind: 'error', title: 'Error!', text })}
          onSaved={(message) => {
            setModal(null);
            notify({ kind: 'success', title: 'Success!', text: message });
            void reload();
          }}
        />
      ) : null}
      {confirmElement}
      {noticeElement}
    </div>
  );
}
