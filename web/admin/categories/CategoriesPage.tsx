import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminApi, type Category } from '../../api/admin';
import { errorText, fieldErrorsOf, formatDateTime } from '../format';
import { Button, IconButton } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { TextField } from '../ui/Field';
import { FormModal } from '../ui/FormModal';
import { LoadError, PageHeader } from '../ui/Page';
import { useAdminList } from '../ui/useAdminList';

const KEY = ['admin', 'categories'];

function CategoryModal({
  editing,
  onClose,
  onSaved,
  notifyError,
}: {
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
    <FormModal
      formId="category-form"
      title={isEdit ? 'Edit Category' : 'Add Category'}
      size="sm"
      editing={isEdit}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        id="categoryname"
        label="Category Name"
        required
        error={error}
        value={name}
        onChange={(e) => setName(e.target.value)}
        disabled={saving}
        maxLength={100}
        autoFocus
        placeholder="e.g. Gemstones"
      />
    </FormModal>
  );
}

export default function CategoriesPage() {
  const qc = useQueryClient();
  const { notify, removeRow, dialog, openModal, elements } = useAdminList<Category>();
  const list = useQuery({ queryKey: KEY, queryFn: adminApi.categories.all });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });
  const open = dialog(reload);
  const rows = list.data?.data ?? [];

  async function remove(c: Category) {
    if (!c._id) {
      notify({ kind: 'error', title: 'Error!', text: 'Invalid category selected for deletion' });
      return;
    }
    await removeRow({
      remove: () => adminApi.categories.remove(c._id),
      deleted: 'Category has been deleted.',
      failed: (err) => ({ text: errorText(err, 'Failed to delete category') }),
      after: reload,
    });
  }

  return (
    <div>
      <PageHeader
        title="Categories"
        actions={
          <Button onClick={() => openModal(null)}>
            <Plus aria-hidden className="size-4" /> Add Category
          </Button>
        }
      />
      <LoadError query={list}>{errorText(list.error, 'Failed to fetch categories')}</LoadError>
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
            <IconButton label={`Edit ${c.categoryname}`} tone="blue" onClick={() => openModal(c)}>
              <Pencil aria-hidden className="size-4" />
            </IconButton>
            <IconButton label={`Delete ${c.categoryname}`} tone="red" onClick={() => remove(c)}>
              <Trash2 aria-hidden className="size-4" />
            </IconButton>
          </>
        )}
      />
      {open ? <CategoryModal key={open.key} {...open.props} /> : null}
      {elements}
    </div>
  );
}
