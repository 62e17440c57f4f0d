import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DISPLAY_NAME_MAX, MENUS, type MenuKey } from '../../../contract/menu-names';
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
  const [displayname, setDisplayname] = useState(editing?.displayname ?? '');
  const [menu, setMenu] = useState<MenuKey | ''>('');
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
    const body = { subcategoryname, category, displayname: displayname.trim(), ...(menu ? { menu } : {}) };
    await save(
      () => (isEdit ? adminApi.subcategories.edit(editing._id, body) : adminApi.subcategories.create(body)),
      {
        saved: isEdit ? 'The subcategory has been updated successfully.' : 'The subcategory has been added successfully.',
        failed: isEdit ? 'Failed to update subcategory' : 'Failed to create subcategory',
      },
      (fields) => {
        const mine = Boolean(fields.subcategoryname || fields.category || fields.displayname || fields.menu);
        if (mine) setFieldErrors(fields);
        return mine;
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
      <TextField
        id="sub-displayname"
        label="Display Name"
        hint="What menus and filters show, if not the name: the page's address still comes from the name."
        error={fieldErrors.displayname}
        value={displayname}
        onChange={(e) => setDisplayname(e.target.value)}
        disabled={saving}
        maxLength={DISPLAY_NAME_MAX}
        placeholder="e.g. Cat's Eye"
      />
      <SelectField
        id="sub-menu"
        label="Add to Menu"
        hint="Placed last in that menu, shown once it has an active product. The Menus screen orders them."
        error={fieldErrors.menu}
        name="menu"
        value={menu}
        onChange={(e) => setMenu(e.target.value as MenuKey | '')}
        disabled={saving}
        blank="No menu"
        options={MENUS.map((m) => ({ value: m.menu, label: m.label }))}
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
        {
          header: 'Subcategory Name',
          cell: (s) => (
            <>
              <span className="font-medium">{s.subcategoryname}</span>
              {s.displayname ? <span className="block text-xs text-gray-500">Shown as {s.displayname}</span> : null}
            </>
          ),
        },
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
