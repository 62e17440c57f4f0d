import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { useDialogSave } from './FormModal';

function setup(editing: { _id: string } | null) {
  const dialog = { editing, onClose: vi.fn(), onSaved: vi.fn(), notifyError: vi.fn() };
  const { result } = renderHook(() => useDialogSave(dialog, 'Category'));
  return { dialog, result };
}
const texts = { saved: 'Saved it', failed: 'Failed to save', offline: 'No connection' };

describe('the add/edit dialog of a list screen', () => {
  it('titles the dialog from its noun, and holds it while saving', async () => {
    const { dialog, result } = setup({ _id: 'c1' });
    expect(result.current.form).toMatchObject({ formId: 'category-form', title: 'Edit Category', editing: true, saving: false });
    expect(setup(null).result.current.form).toMatchObject({ title: 'Add Category', editing: false });
    let finish = () => {};
    let saving: Promise<void> = Promise.resolve();
    act(() => {
      saving = result.current.save(
        () => new Promise<void>((r) => (finish = r)),
        texts,
        () => false,
      );
    });
    expect(result.current.saving).toBe(true);
    expect(result.current.form.saving).toBe(true);
    await act(async () => {
      finish();
      await saving;
    });
    expect(result.current.saving).toBe(false);
    expect(dialog.onSaved).toHaveBeenCalledWith('Saved it');
    expect(dialog.notifyError).not.toHaveBeenCalled();
  });

  it("shows the server's field errors in the form, or else tells what failed", async () => {
    const { dialog, result } = setup(null);
    const showFields = vi.fn((fields: Record<string, string>) => 'categoryname' in fields);
    const invalid = new ApiError('bad', 400, { errors: [{ path: 'categoryname', message: 'Already used' }] });
    await act(() => result.current.save(() => Promise.reject(invalid), texts, showFields));
    expect(showFields).toHaveBeenLastCalledWith({ categoryname: 'Already used' });
    expect(dialog.notifyError).not.toHaveBeenCalled();

    await act(() => result.current.save(() => Promise.reject(new ApiError('boom', 500)), texts, showFields));
    expect(dialog.notifyError).toHaveBeenLastCalledWith('Failed to save');
    await act(() => result.current.save(() => Promise.reject(new ApiError('down', 0)), texts, showFields));
    expect(dialog.notifyError).toHaveBeenLastCalledWith('No connection');
    expect(dialog.onSaved).not.toHaveBeenCalled();
    expect(result.current.saving).toBe(false);
  });
});
