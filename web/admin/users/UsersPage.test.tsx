import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authRoutes } from '../../../contract/auth';
import { adminApi, type User } from '../../api/admin';
import { answerOf } from '../../test/answers';
import { Notices } from '../ui/Notice';
import UsersPage from './UsersPage';

const asha: User = {
  _id: 'u-1',
  fullname: 'Asha Verma',
  mobileno: '9876543210',
  role: 'USER',
  email: '',
  language: 'en',
  marketing: false,
  createdAt: '2025-03-10T06:30:00.000Z',
};

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <Notices />
      <MemoryRouter>
        <UsersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** An answer of GET /u1/api/allusers, checked against the contract. */
const allUsers = (users: User[]) => answerOf(authRoutes, 'GET /u1/api/allusers', { success: true, users });

describe('users screen', () => {
  it('lists users under "User Management" and says when there are none', async () => {
    vi.spyOn(adminApi.users, 'all').mockResolvedValueOnce(allUsers([asha]));
    const { unmount } = renderPage();
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Full Name', 'Mobile No', 'Role', 'Actions']);
    unmount();
    vi.spyOn(adminApi.users, 'all').mockResolvedValue(allUsers([]));
    renderPage();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('warns that the user is deleted permanently before deleting', async () => {
    vi.spyOn(adminApi.users, 'all').mockResolvedValue(allUsers([asha]));
    const remove = vi
      .spyOn(adminApi.users, 'remove')
      .mockResolvedValue(answerOf(authRoutes, 'DELETE /u1/api/deleteuser/:id', { success: true, message: 'deleted' }));
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table', { name: 'Users' })).getByRole('button', { name: 'Delete Asha Verma' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(within(dialog).getByText('This will delete the user permanently!')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('u-1'));
    expect(await screen.findByText('User has been deleted.')).toBeInTheDocument();
  });

  it('keeps the current password when the field is left blank on edit', async () => {
    vi.spyOn(adminApi.users, 'all').mockResolvedValue(allUsers([asha]));
    const edit = vi
      .spyOn(adminApi.users, 'edit')
      .mockResolvedValue(answerOf(authRoutes, 'PUT /u1/api/edituser/:id', { success: true, message: 'ok' }));
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table', { name: 'Users' })).getByRole('button', { name: 'Edit Asha Verma' }),
    );
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('placeholder', 'Leave blank to keep current password');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'ADMIN');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(edit).toHaveBeenCalledWith('u-1', { fullname: 'Asha Verma', mobileno: '9876543210', role: 'ADMIN' }),
    );
    expect(await screen.findByText('User updated!')).toBeInTheDocument();
  });
});
