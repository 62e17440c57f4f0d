import { CheckCircle2, X, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

type NoticeOptions = {
  kind: 'success' | 'error';
  title: string;
  text: string;
  /** Closes by itself after this many milliseconds (a success closes after two seconds unless told). */
  autoCloseMs?: number;
};

/** How long a success toast stays: two seconds. @forTests the toast's closing is tested with it. */
export const SUCCESS_TOAST_MS = 2000;

/**
 * How the back-office says how an action went (render `element` once). A success is a toast that closes by itself
 * and takes no click (role=status, announced politely); a failure is a popup the merchant closes with OK
 * (role=alert), so it cannot pass unread.
 */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeOptions | null>(null);
  const onClosed = useRef<(() => void) | null>(null);

  const close = useCallback(() => {
    setNotice(null);
    const after = onClosed.current;
    onClosed.current = null;
    after?.();
  }, []);

  const notify = useCallback((opts: NoticeOptions, after?: () => void) => {
    onClosed.current = after ?? null;
    setNotice(opts);
  }, []);

  const closesAfter = notice ? (notice.autoCloseMs ?? (notice.kind === 'success' ? SUCCESS_TOAST_MS : undefined)) : undefined;
  useEffect(() => {
    if (!closesAfter) return;
    const timer = setTimeout(close, closesAfter);
    return () => clearTimeout(timer);
  }, [closesAfter, close]);

  const toast = notice?.kind === 'success';
  const element = (
    <>
      {/* The live region stays in the page so that a toast put into it is announced. */}
      <div role="status" aria-live="polite" className="pointer-events-none fixed top-4 right-4 z-[60] flex max-w-sm flex-col">
        {toast ? (
          <div
            data-testid="notice"
            className="pointer-events-auto flex items-start gap-3 rounded-lg border border-green-200 bg-white p-4 shadow-lg"
          >
            <CheckCircle2 aria-hidden className="size-6 shrink-0 text-green-600" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-gray-900">{notice.title}</p>
              <p className="text-sm text-gray-700">{notice.text}</p>
            </div>
            <button
              type="button"
              onClick={close}
              aria-label="Close"
              className="rounded p-1 text-gray-500 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
      <Modal
        open={notice !== null && !toast}
        onOpenChange={(open) => !open && close()}
        title={notice?.title ?? ''}
        description={notice?.text}
        showDescription
        size="sm"
        hideClose
        testId="notice"
        footer={
          notice?.autoCloseMs ? undefined : (
            <Button onClick={close} className="w-full sm:w-auto">
              OK
            </Button>
          )
        }
      >
        <div className="flex justify-center" role="alert">
          <XCircle aria-hidden className="size-12 text-red-600" />
        </div>
      </Modal>
    </>
  );

  return { notify, element };
}
