import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_TOAST_MS, useNotice } from './Notice';

type Notify = ReturnType<typeof useNotice>['notify'];
let notify: Notify;

function Screen() {
  const notice = useNotice();
  notify = notice.notify;
  return notice.element;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('back-office notices', () => {
  it('says a save went through in a toast that closes by itself after two seconds, with no OK to press', () => {
    const after = vi.fn();
    render(<Screen />);
    act(() => notify({ kind: 'success', title: 'Success!', text: 'Category created successfully' }, after));

    const toast = screen.getByTestId('notice');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(toast).toHaveTextContent('Success!Category created successfully');
    expect(within(toast).queryByRole('button', { name: 'OK' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1));
    expect(screen.getByTestId('notice')).toBeInTheDocument();
    expect(after).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('closes the toast at once with Close', () => {
    render(<Screen />);
    act(() => notify({ kind: 'success', title: 'Deleted!', text: 'Category has been deleted.' }));
    act(() => within(screen.getByTestId('notice')).getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('shows a failure as an alert that stays until OK', () => {
    const after = vi.fn();
    render(<Screen />);
    act(() => notify({ kind: 'error', title: 'Error!', text: 'Category name already exists' }, after));

    const popup = screen.getByRole('dialog');
    expect(popup).toHaveTextContent('Category name already exists');
    expect(within(popup).getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(after).not.toHaveBeenCalled();

    act(() => within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(after).toHaveBeenCalledTimes(1);
  });
});
