import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminApi, type Role, type User } from '../../api/admin';
import { SelectField, TextField } from '../../ui/form';
import { errorText } from '../format';
import { AdminListScreen } from '../ui/AdminListScreen';
import { FormModal, useDialogSave } from '../ui/FormModal';
import { type ListDialogProps, useAdminList } from '../ui/useAdminList';

const KEY = ['admin', 'users'];
type Form = { fullname: string; mobileno: string; role: Role; password: string };
const ROLES = (['USER', 'ADMIN'] as const).map((r) => ({ value: r, label: r }));

function UserModal(dialog: ListDialogProps<User>) {
  const { editing } = dialog;
  const isEdit = editing !== null;
  const [form, setForm] = useState<Form>({
    fullname: editing?.fullname ?? '',
    mobileno: editing?.mobileno ?? '',
    role: editing?.role ?? 'USER',
    password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const { saving, save, form: modal } = useDialogSave(dialog, 'User');
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Partial<Record<keyof Form, string>> = {};
    if (!form.fullname.trim()) next.fullname = 'Full name is required';
    if (!form.mobileno.trim()) next.mobileno = 'Mobile number is required';
    if (!isEdit && !form.password) next.password = 'Password is required';
    setErrors(next);
    if (Object.keys(next).length) return;
    const body = { fullname: form.fullname.trim(), mobileno: form.mobileno.trim(), role: form.role };
    await save(
      () =>
        isEdit
          ? adminApi.users.edit(editing._id, form.password.trim() ? { ...body, password: form.password } : body)
          : adminApi.users.create({ ...body, password: form.password }),
      { saved: isEdit ? 'User updated!' : 'User added!', failed: 'Failed', offline: 'Server error' },
      (fields) => {
        const mine = Object.keys(fields).some((k) => k in form);
        if (mine) setErrors(fields);
        return mine;
      },
    );
  }

  /** A field's id, name, value, change and error. */
  const bind = (k: keyof Form) => ({
    id: `user-${k}`,
    name: k,
    value: form[k],
    onChange: set(k),
    error: errors[k],
    disabled: saving,
  });

  return (
    <FormModal {...modal} size="md" onSubmit={submit} className="space-y-4">
      <TextField {...bind('fullname')} label="Full Name" required autoComplete="off" />
      <TextField {...bind('mobileno')} label="Mobile No" required inputMode="tel" maxLength={20} autoComplete="off" />
      <SelectField {...bind('role')} label="Role" options={ROLES} />
      <TextField
        {...bind('password')}
        label="Password"
        required={!isEdit}
        type="password"
        autoComplete="new-password"
        placeholder={isEdit ? 'Leave blank to keep current password' : undefined}
      />
    </FormModal>
  );
}

export default function UsersPage() {
  const qc = useQueryClient();
  const list = useAdminList<User>();
  const query = useQuery({ queryKey: KEY, queryFn: adminApi.users.all });
  const reload = () => qc.invalidateQueries({ queryKey: KEY });

  return (
    <AdminListScreen
      list={list}
      noun="User"
      plural="Users"
      title="User Management"
      query={query}
      loadFailed={errorText(query.error, 'Failed to load users', 'Server error while loading users')}
      rows={query.data?.users ?? []}
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
      rowName={(u) => u.fullname}
      onDelete={(u) =>
        list.removeRow({
          confirm: { text: 'This will delete the user permanently!' },
          remove: () => adminApi.users.remove(u._id),
          deleted: 'User has been deleted.',
          failed: (err) => ({ text: errorText(err, 'Delete failed') }),
          after: reload,
        })
      }
      dialog={UserModal}
      reload={reload}
    />
  );
}
