import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { adminApi, type Role, type User } from '../../api/admin';
import { errorText, fieldErrorsOf } from '../format';
import { Button, IconButton } from '../ui/Button';
import { DataTable } from '../ui/DataTable';
import { Field, SelectInput, TextField } from '../ui/Field';
import { FormModal } from '../ui/FormModal';
import { LoadError, PageHeader } from '../ui/Page';
import { useAdminList } from '../ui/useAdminList';

const KEY = ['admin', 'users'];
type Form = { fullname: string; mobileno: string; role: Role; password: string };

function UserModal({
  editing,
  onClose,
  onSaved,
  notifyError,
}: {
  editing: User | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  notifyError: (text: string) => void;
}) {
  const isEdit = editing !== null;
  const [form, setForm] = useState<Form>({
    fullname: editing?.fullname ?? '',
    mobileno: editing?.mobileno ?? '',
    role: editing?.role ?? 'USER',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Partial<Record<keyof Form, string>> = {};
    if (!form.fullname.trim()) next.fullname = 'Full name is required';
    if (!form.mobileno.trim()) next.mobileno = 'Mobile number is required';
    if (!isEdit && !form.password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    try {
      const body = { fullname: form.fullname.trim(), mobileno: form.mobileno.trim(), role: form.role };
      if (isEdit) {
        await adminApi.users.edit(editing._id, form.password.trim() ? { ...body, password: form.password } : body);
      } else {
        await adminApi.users.create({ ...body, password: form.password });
      }
      onSaved(isEdit ? 'User updated!' : 'User added!');
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).some((k) => k in form)) setErrors(fields);
      else notifyError(errorText(err, 'Failed', 'Server error'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      formId="user-form"
      title={isEdit ? 'Edit User' : 'Add User'}
      size="md"
      editing={isEdit}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      className="space-y-4"
    >
      <TextField
        id="user-fullname"
        label="Full Name"
        required
        error={errors.fullname}
        name="fullname"
        value={form.fullname}
        onChange={set('fullname')}
        disabled={saving}
        autoComplete="off"
      />
      <TextField
        id="user-mobileno"
        label="Mobile No"
        required
        error={errors.mobileno}
        name="mobileno"
        inputMode="numeric"
        maxLength={10}
        value={form.mobileno}
        onChange={set('mobileno')}
        disabled={saving}
        autoComplete="off"
      />
      <Field id="user-role" label="Role" error={errors.role}>
        <SelectInput id="user-role" name="role" value={form.role} onChange={set('role')} disabled={saving} error={errors.role}>
          <option value="USER">USER</option>
          <option value="ADMIN">ADMIN</option>
        </SelectInput>
      </Field>
      <TextField
        id="user-password"
        label="Password"
        required={!isEdit}
        error={errors.password}
        name="password"
        type="password"
        value={form.password}
        onChange={set('password')}
        disabled={saving}
        autoComplete="new-password"
        placeholder={isEdit ? 'Leave blank to keep current password' : undefined}
      />
    </FormModal>
  );
}

export default function UsersPage() {
  const qc = useQueryClient();
  const { removeRow, dialog, openModal, elements } = useAdminList<User>();
  const list = useQuery({ queryKey: KEY, queryFn: adminApi.users.all });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });
  const open = dialog(reload);

  async function remove(u: User) {
    await removeRow({
      confirm: { text: 'This will delete the user permanently!' },
      remove: () => adminApi.users.remove(u._id),
      deleted: 'User has been deleted.',
      failed: (err) => ({ text: errorText(err, 'Delete failed') }),
      after: reload,
    });
  }

  return (
    <div>
      <PageHeader
        title="User Management"
        actions={
          <Button onClick={() => openModal(null)}>
            <Plus aria-hidden className="size-4" /> Add User
          </Button>
        }
      />
      <LoadError query={list}>{errorText(list.error, 'Failed to load users', 'Server error while loading users')}</LoadError>
      <DataTable
        caption="Users"
        loading={list.isPending}
        rows={list.data?.users ?? []}
        rowKey={(u) => u._id}
        empty="No users found."
        columns={[
          { header: 'Full Name', cell: (u) => <span className="font-medium">{u.fullname}</span> },
          { header: 'Mobile No', cell: (u) => u.mobileno },
          {
            header: 'Role',
            cell: (u) => (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                  u.role === 'ADMIN' ? 'bg-brand-100 text-brand-700' : 'bg-gray-100 text-gray-700'
                }`}
              >
                {u.role}
              </span>
            ),
          },
        ]}
        actions={(u) => (
          <>
            <IconButton label={`Edit ${u.fullname}`} tone="blue" onClick={() => openModal(u)}>
              <Pencil aria-hidden className="size-4" />
            </IconButton>
            <IconButton label={`Delete ${u.fullname}`} tone="red" onClick={() => remove(u)}>
              <Trash2 aria-hidden className="size-4" />
            </IconButton>
          </>
        )}
      />
      {open ? <UserModal key={open.key} {...open.props} /> : null}
      {elements}
    </div>
  );
}
