import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices, notice, SUCCESS_TOAST_MS } from './Notice';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('back-office notices', () => {
  it('says a save went through in a toast that closes by itself after two seconds, with no OK to press', () => {
    render(<Notices />);
    act(() => notice.success('Category created successfully', 'Success!'));

    const toast = screen.getByTestId('notice');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(toast).toHaveTextContent('Success!Category created successfully');
    expect(within(toast).queryByRole('button', { name: 'OK' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1));
    expect(screen.getByTestId('notice')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('gives a later toast its own two seconds', () => {
    render(<Notices />);
    act(() => notice.success('Shipping zones saved'));
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 500));
    act(() => notice.info('Type a new rate first'));
    act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1));
    expect(screen.getByTestId('notice')).toHaveTextContent('Type a new rate first');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('closes the toast at once with Close', () => {
    render(<Notices />);
    act(() => notice.success('Category has been deleted.', 'Deleted!'));
    act(() => within(screen.getByTestId('notice')).getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('shows a failure as an alert that stays until OK, even when a toast comes and goes meanwhile', () => {
    render(<Notices />);
    act(() => notice.error('Category name already exists'));

    const popup = screen.getByRole('dialog');
    expect(popup).toHaveTextContent('Error!');
    expect(popup).toHaveTextContent('Category name already exists');
    expect(within(popup).getByRole('alert')).toBeInTheDocument();
    act(() => notice.success('Rate saved'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('dialog')).toHaveTextContent('Category name already exists');

    act(() => within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('titles a failure as the screen asks', () => {
    render(<Notices />);
    act(() => notice.error('Failed to fetch products', 'Error'));
    expect(screen.getByRole('dialog', { name: 'Error' })).toHaveTextContent('Failed to fetch products');
  });

  it('forgets its notices when the back-office closes', () => {
    const { unmount } = render(<Notices />);
    act(() => notice.error('The rates could not be saved'));
    unmount();
    render(<Notices />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
