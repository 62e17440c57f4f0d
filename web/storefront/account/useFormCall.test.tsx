import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { problemsOf, useFormCall } from './useFormCall';

afterEach(cleanup);

describe('problemsOf', () => {
  it("names each field's first problem and tells the form the first of them", () => {
    const err = new ApiError('Bad', 400, {
      message: 'Validation failed',
      errors: [
        { path: 'email', message: 'Enter a valid e-mail address' },
        { path: 'email.domain', message: 'second problem of the same field' },
        { path: 'fullname', message: 'Full name is required' },
      ],
    });
    expect(problemsOf(err)).toEqual({
      fields: { email: 'Enter a valid e-mail address', fullname: 'Full name is required' },
      text: 'Enter a valid e-mail address',
    });
  });

  it('tells a network failure, the answer without fields, and anything else apart', () => {
    expect(problemsOf(new ApiError('x', 0)).text).toBe('Network error. Please try again later.');
    expect(problemsOf(new ApiError('x', 409, { message: 'Already used' })).text).toBe('Already used');
    expect(problemsOf(new Error('boom'))).toEqual({ fields: {}, text: 'Something went wrong. Please try again.' });
  });
});

describe('useFormCall', () => {
  it('is busy while the call runs, then shows the sentence it answers', async () => {
    const hook = renderHook(() => useFormCall());
    let finish: (text: string) => void = () => {};
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = hook.result.current.run(() => new Promise<string>((resolve) => (finish = resolve)));
    });
    expect(hook.result.current.busy).toBe(true);
    expect(hook.result.current.outcome).toBeNull();
    await act(async () => {
      finish('Saved.');
      await running;
    });
    expect(hook.result.current.busy).toBe(false);
    expect(hook.result.current.outcome).toEqual({ kind: 'ok', text: 'Saved.' });
    expect(hook.result.current.errors).toEqual({});
  });

  it("on failure shows each field's problem and the form's sentence, and clears them on the next try", async () => {
    const hook = renderHook(() => useFormCall());
    await act(() =>
      hook.result.current.run(async () => {
        throw new ApiError('Bad', 400, { errors: [{ path: 'fullname', message: 'Full name is required' }] });
      }),
    );
    expect(hook.result.current.errors).toEqual({ fullname: 'Full name is required' });
    expect(hook.result.current.outcome).toEqual({ kind: 'error', text: 'Full name is required' });
    expect(hook.result.current.busy).toBe(false);
    await act(() => hook.result.current.run(async () => 'Saved.'));
    expect(hook.result.current.errors).toEqual({});
    expect(hook.result.current.outcome).toEqual({ kind: 'ok', text: 'Saved.' });
  });
});
