import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, SUBCATEGORY_PAGE_SIZE, type Subcategory } from '../../api/admin';
import { SelectField, TextField } from '../../ui/form';
import { errorText, formatDate } from '../format';
import { AdminListScreen } from '../ui/AdminListScreen';
import { FormModal, useDialogSave } from '../ui/FormModal';
import { ListPagination, usePage } from '../ui/Pagination';
import { type ListDialogProps, useAdminList } from '../ui/useAdminList';

const KEY = ['admin', 'subcategories'];

function SubcategoryModal(dialog: ListDialogProps<Subcategory>) {
  const { editing } = dialog;
  const isEdit = editing !== null;
  const [name, setName] = useState(editing?.subcategoryname ?? '');
  const [category, setCategory] = useState(editing?.category?._id ?? '');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { saving, save, form: modal } = useDialogSave(dialog, 'Subcategory');
  const categories = useQuery({ queryKey: ['admin', 'subcategory-form-categories'], queryFn: adminApi.subcategories.categories });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const subcategoryname = name.trim();
    if (!subcategoryname || !category) {
      setError('Please fill in all fields');
      return;
    }
    setError('');
    setFieldErrors({});
    const body = { subcategoryname, category };
    await save(
      () => (isEdit ? adminApi.subcategories.edit(editing._id, body) : adminApi.subcategories.create(body)),
      {
        saved: isEdit ? 'The subcategory has been updated successfully.' : 'The subcategory has been added successfully.',
        failed: isEdit ? 'Failed to update subcategory' : 'Failed to create subcategory',
      },
      (fields) => {
        if (fields.subcategoryname || fields.category) setFieldErrors(fields);
        return Boolean(fields.subcategoryname || fields.category);
      },
    );
  }

  return (
    <FormModal {...modal} size="sm" submitDisabled={categories.isPending} onSubmit={submit} className="space-y-4">
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
      <SelectField
        id="sub-category"
        label="Category"
        required
        error={fieldErrors.category}
        name="category"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        disabled={saving || categories.isPending}
        blank={categories.isPending ? 'Loading categories…' : 'Select a category'}
        options={(categories.data?.data ?? []).map((c) => ({ value: c._id, label: c.categoryname }))}
      />
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
  const list = useAdminList<Subcategory>();
  const paging = usePage();
  const query = useQuery({
    queryKey: [...KEY, paging.page],
    queryFn: () => adminApi.subcategories.list(paging.page),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const reload = () => qc.invalidateQueries({ queryKey: KEY });

  return (
    <AdminListScreen
      list={list}
      noun="Subcategory"
      plural="Subcategories"
      query={query}
      loadFailed={errorText(query.error, 'Failed to fetch subcategories')}
      rows={rows}
      rowKey={(s) => s._id}
      empty='No subcategories found. Click "Add Subcategory" to create one.'
      columns={[
        { header: 'Subcategory Name', cell: (s) => <span className="font-medium">{s.subcategoryname}</span> },
        { header: 'Category', cell: (s) => s.category?.categoryname ?? 'N/A' },
        { header: 'Created Date', cell: (s) => formatDate(s.createdAt) },
      ]}
      rowName={(s) => s.subcategoryname}
      onDelete={(s) =>
        list.removeRow({
          remove: () => adminApi.subcategories.remove(s._id),
          deleted: 'The subcategory has been deleted.',
          failed: (err) => ({ text: errorText(err, 'Failed to delete subcategory') }),
          onDeleted: () => paging.deleted(rows.length),
          after: reload,
        })
      }
      dialog={SubcategoryModal}
      reload={reload}
    >
      <ListPagination
        paging={paging}
        totals={query.data?.pagination}
        totalItems={query.data?.pagination.totalItems}
        pageSize={SUBCATEGORY_PAGE_SIZE}
      />
    </AdminListScreen>
  );
}
