import { act, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import keeper from '../early-taps.js?raw';
import { claimEarlyTap, earlyKey, useEarlyTaps } from './earlyTaps';

/** The tap keeper a server-rendered page loads in its head (web/public/early-taps.js), run in this document. */
beforeAll(() => {
  new Function(keeper)();
});

/** A button as the server sends it, inside a container that counts the clicks that reach it (as the app's root). */
function serverButton(key: string) {
  const root = document.createElement('div');
  const reached = vi.fn();
  root.addEventListener('click', reached);
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.early = key;
  button.innerHTML = '<span>Add to Cart</span>';
  root.append(button);
  document.body.append(root);
  return { root, button, reached, inner: button.firstElementChild as HTMLElement };
}

describe('the tap keeper', () => {
  it('keeps a tap on a marked button once, however often it comes, shows it is busy, and hands it over once', () => {
    const { button, reached, inner } = serverButton('add:p1');
    button.click();
    inner.click();
    button.click();
    expect(reached).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(claimEarlyTap('add:p1')).toBe(true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(claimEarlyTap('add:p1')).toBe(false);
    // Claimed: the button's taps now reach the app, and are not kept again.
    button.click();
    expect(reached).toHaveBeenCalledTimes(1);
    expect(claimEarlyTap('add:p1')).toBe(false);
  });

  it('keeps taps per button: claiming one leaves the other kept', () => {
    const add = serverButton('add:p2');
    const buy = serverButton('buy:p2');
    add.button.click();
    buy.button.click();
    expect(claimEarlyTap('buy:p2')).toBe(true);
    expect(add.button.getAttribute('aria-busy')).toBe('true');
    expect(claimEarlyTap('add:p2')).toBe(true);
  });

  it('a button claimed before any tap has nothing to carry out, and never keeps a tap', () => {
    const { button, reached } = serverButton('add:p3');
    expect(claimEarlyTap('add:p3')).toBe(false);
    button.click();
    expect(reached).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });

  it('lets every other tap through untouched', () => {
    const root = document.createElement('div');
    const reached = vi.fn((e: Event) => e.defaultPrevented);
    root.addEventListener('click', reached);
    const link = document.createElement('a');
    link.href = '#somewhere';
    root.append(link);
    document.body.append(root);
    link.click();
    expect(reached).toHaveBeenCalledTimes(1);
    expect(reached.mock.results[0]?.value).toBe(false);
  });

  it('keeps a summary’s aria-expanded true to its disclosure', async () => {
    const details = document.createElement('details');
    details.innerHTML = '<summary aria-expanded="false">Filters</summary><p>form</p>';
    document.body.append(details);
    details.open = true;
    await waitFor(() => expect(details.querySelector('summary')?.getAttribute('aria-expanded')).toBe('true'));
    details.open = false;
    await waitFor(() => expect(details.querySelector('summary')?.getAttribute('aria-expanded')).toBe('false'));
  });
});

function Card({ id, run }: { id: string; run: (key: string) => Promise<unknown> }) {
  useEarlyTaps([earlyKey('add', id), earlyKey('buy', id)], run);
  return <p>{id}</p>;
}

describe('useEarlyTaps', () => {
  it('carries out each tap kept for its buttons exactly once, in order, once the component is live', async () => {
    const add = serverButton('add:p4');
    const buy = serverButton('buy:p4');
    buy.button.click();
    add.button.click();
    const run = vi.fn(async (_key: string) => {});
    vi.useFakeTimers();
    try {
      // Strict mode runs the effect twice: still once.
      render(
        <StrictMode>
          <Card id="p4" run={run} />
        </StrictMode>,
      );
      await act(() => vi.runAllTimersAsync());
      expect(run).toHaveBeenCalledTimes(2);
      expect(run.mock.calls.map((c) => c[0])).toEqual(['add:p4', 'buy:p4']);
      // Every timer run, whatever its delay: nothing more is carried out.
      await act(() => vi.runAllTimersAsync());
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does nothing when nothing was tapped', async () => {
    const run = vi.fn(async () => {});
    vi.useFakeTimers();
    try {
      render(<Card id="p5" run={run} />);
      await act(() => vi.runAllTimersAsync());
      expect(run).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
