import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, type Category } from '../../api/admin';
import { TextField } from '../../ui/form';
import { errorText, formatDateTime } from '../format';
import { AdminListScreen } from '../ui/AdminListScreen';
import { FormModal, useDialogSave } from '../ui/FormModal';
import { notice } from '../ui/Notice';
import { type ListDialogProps, useAdminList } from '../ui/useAdminList';

const KEY = ['admin', 'categories'];

function CategoryModal(dialog: ListDialogProps<Category>) {
  const { editing, notifyError } = dialog;
  const [name, setName] = useState(editing?.categoryname ?? '');
  const [error, setError] = useState('');
  const { saving, save, form: modal } = useDialogSave(dialog, 'Category');
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
    setError('');
    await save(
      () => (isEdit ? adminApi.categories.edit(editing._id, categoryname) : adminApi.categories.create(categoryname)),
      {
        saved: isEdit ? 'Category updated successfully' : 'Category created successfully',
        failed: isEdit ? 'Failed to update category' : 'Failed to create category',
      },
      (fields) => {
        if (fields.categoryname) setError(fields.categoryname);
        else if (fields.id) notifyError('Invalid category ID provided');
        return Boolean(fields.categoryname || fields.id);
      },
    );
  }

  return (
    <FormModal {...modal} size="sm" onSubmit={submit}>
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
  const list = useAdminList<Category>();
  const query = useQuery({ queryKey: KEY, queryFn: adminApi.categories.all });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });

  async function remove(c: Category) {
    if (!c._id) {
      notice.error('Invalid category selected for deletion');
      return;
    }
    await list.removeRow({
      remove: () => adminApi.categories.remove(c._id),
      deleted: 'Category has been deleted.',
      failed: (err) => ({ text: errorText(err, 'Failed to delete category') }),
      after: reload,
    });
  }

  return (
    <AdminListScreen
      list={list}
      noun="Category"
      plural="Categories"
      query={query}
      loadFailed={errorText(query.error, 'Failed to fetch categories')}
      rows={query.data?.data ?? []}
      rowKey={(c) => c._id}
      empty='No categories found. Click "Add Category" to create your first category.'
      columns={[
        { header: 'Category Name', cell: (c) => <span className="font-medium">{c.categoryname}</span> },
        { header: 'Created At', cell: (c) => formatDateTime(c.createdAt) },
        { header: 'Updated At', cell: (c) => formatDateTime(c.updatedAt) },
      ]}
      rowName={(c) => c.categoryname}
      onDelete={remove}
      dialog={CategoryModal}
      reload={reload}
    />
  );
}
