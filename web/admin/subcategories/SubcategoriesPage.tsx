import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { adminApi, SUBCATEGORY_PAGE_SIZE, type Subcategory } from '../../api/admin';
import { errorText, fieldErrorsOf, formatDate } from '../format';
import { Button, IconButton } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { Field, SelectInput, TextField } from '../ui/Field';
import { FormModal } from '../ui/FormModal';
import { LoadError, PageHeader } from '../ui/Page';
import { pageAfterDelete, WindowPagination } from '../ui/Pagination';
import { useAdminList } from '../ui/useAdminList';

const KEY = ['admin', 'subcategories'];

function SubcategoryModal({
  editing,
  onClose,
  onSaved,
  notifyError,
}: {
  editing: Subcategory | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  notifyError: (text: string) => void;
}) {
  const isEdit = editing !== null;
  const [name, setName] = useState(editing?.subcategoryname ?? '');
  const [category, setCategory] = useState(editing?.category?._id ?? '');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const categories = useQuery({ queryKey: ['admin', 'subcategory-form-categories'], queryFn: adminApi.subcategories.categories });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const subcategoryname = name.trim();
    if (!subcategoryname || !category) {
      setError('Please fill in all fields');
      return;
    }
    setSaving(true);
    setError('');
    setFieldErrors({});
    try {
      if (isEdit) await adminApi.subcategories.edit(editing._id, { subcategoryname, category });
      else await adminApi.subcategories.create({ subcategoryname, category });
      onSaved(isEdit ? 'The subcategory has been updated successfully.' : 'The subcategory has been added successfully.');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.subcategoryname || fields.category) setFieldErrors(fields);
      else notifyError(errorText(err, isEdit ? 'Failed to update subcategory' : 'Failed to create subcategory'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      formId="subcategory-form"
      title={isEdit ? 'Edit Subcategory' : 'Add Subcategory'}
      size="sm"
      editing={isEdit}
      saving={saving}
      submitDisabled={categories.isPending}
      onClose={onClose}
      onSubmit={submit}
      className="space-y-4"
    >
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {categories.isError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {errorText(categories.error, 'Failed to fetch data')}
        </p>
      ) : null}
      <Field id="sub-category" label="Category" required error={fieldErrors.category}>
        <SelectInput
          id="sub-category"
          name="category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          disabled={saving || categories.isPending}
          error={fieldErrors.category}
        >
          <option value="">{categories.isPending ? 'Loading categories…' : 'Select a category'}</option>
          {(categories.data?.data ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.categoryname}
            </option>
          ))}
        </SelectInput>
      </Field>
      <TextField
        id="subcategoryname"
        label="Subcategory Name"
        required
        error={fieldErrors.subcategoryname}
        value={name}
        onChange={(e) => setName(e.target.value)}
        disabled={saving}
        maxLength={100}
        placeholder="e.g. Ruby"
      />
    </FormModal>
  );
}

export default function SubcategoriesPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const { removeRow, dialog, openModal, elements } = useAdminList<Subcategory>();
  const list = useQuery({
    queryKey: [...KEY, page],
    queryFn: () => adminApi.subcategories.list(page),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const pagination = list.data?.pagination;
  const reload = () => qc.invalidateQueries({ queryKey: KEY });
  const open = dialog(reload);

  // A page past the end (rows deleted by someone else meanwhile) falls back to the last page.
  useEffect(() => {
    if (pagination && pagination.totalPages >= 1 && page > pagination.totalPages) setPage(pagination.totalPages);
  }, [pagination, page]);

  async function remove(s: Subcategory) {
    await removeRow({
      remove: () => adminApi.subcategories.remove(s._id),
      deleted: 'The subcategory has been deleted.',
      failed: (err) => ({ text: errorText(err, 'Failed to delete subcategory') }),
      onDeleted: () => {
        const next = pageAfterDelete(page, rows.length);
        if (next !== page) setPage(next);
      },
      after: reload,
    });
  }

  return (
    <div>
      <PageHeader
        title="Subcategories"
        actions={
          <Button onClick={() => openModal(null)}>
            <Plus aria-hidden className="size-4" /> Add Subcategory
          </Button>
        }
      />
      <LoadError query={list}>{errorText(list.error, 'Failed to fetch subcategories')}</LoadError>
      <DataTable
        caption="Subcategories"
        loading={list.isPending}
        rows={rows}
        rowKey={(s) => s._id}
        empty='No subcategories found. Click "Add Subcategory" to create one.'
        columns={[
          { header: 'Subcategory Name', cell: (s) => <span className="font-medium">{s.subcategoryname}</span> },
          { header: 'Category', cell: (s) => s.category?.categoryname ?? 'N/A' },
          { header: 'Created Date', cell: (s) => formatDate(s.createdAt) },
        ]}
        actions={(s) => (
          <>
            <IconButton label={`Edit ${s.subcategoryname}`} tone="blue" onClick={() => openModal(s)}>
              <Pencil aria-hidden className="size-4" />
            </IconButton>
            <IconButton label={`Delete ${s.subcategoryname}`} tone="red" onClick={() => remove(s)}>
              <Trash2 aria-hidden className="size-4" />
            </IconButton>
          </>
        )}
      />
      {pagination ? (
        <WindowPagination
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          totalItems={pagination.totalItems}
          pageSize={SUBCATEGORY_PAGE_SIZE}
          onPage={setPage}
        />
      ) : null}
      {open ? <SubcategoryModal key={open.key} {...open.props} /> : null}
      {elements}
    </div>
  );
}
