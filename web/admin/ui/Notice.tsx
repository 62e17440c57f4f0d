import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '../../ui/form';
import { Modal } from './Modal';

/** How long a toast stays: two seconds. @forTests the toast's closing is tested with it. */
export const SUCCESS_TOAST_MS = 2000;

type Toast = { id: number; kind: 'success' | 'info'; title?: string; text: string };
type Popup = { id: number; title: string; text: string };
type Shown = { toast: Toast | null; popup: Popup | null };

// What the back-office shows now: one toast and one failure at a time, each replacing the one before it, so a save
// after a failure does not hide the failure.
let shown: Shown = { toast: null, popup: null };
let lastId = 0;
const listeners = new Set<() => void>();

function show(next: Partial<Shown>) {
  shown = { ...shown, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * How the back-office says how an action went, from any screen (the shell shows them, `Notices`). A success is a
 * toast that closes by itself after two seconds and takes no click (role=status, announced politely); a failure is
 * a popup the merchant closes with OK (role=alert), so it cannot pass unread.
 */
export const notice = {
  /** A save or action went through: `text` under `title` (e.g. "Success!"), or `text` alone. */
  success(text: string, title?: string) {
    show({ toast: { id: ++lastId, kind: 'success', title, text } });
  },
  /** Nothing went wrong and nothing was done (e.g. nothing to save): a toast like a success's, without its tick. */
  info(text: string) {
    show({ toast: { id: ++lastId, kind: 'info', text } });
  },
  /** A failure: a popup with `title` ("Error!" unless told) and `text`, open until OK. */
  error(text: string, title = 'Error!') {
    show({ popup: { id: ++lastId, title, text } });
  },
};

/**
 * Forgets every notice, shown or not yet shown.
 * @forTests the notices are one module-wide store: a failure raised by one test with no shell on screen would
 * otherwise open as a popup over the next test's screen
 */
export function clearNotices() {
  show({ toast: null, popup: null });
}

/** The back-office's notices (rendered once, by the shell; a test renders it beside the screen). */
export function Notices() {
  const { toast, popup } = useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );

  const toastId = toast?.id;
  useEffect(() => {
    if (toastId === undefined) return;
    const timer = setTimeout(() => {
      if (shown.toast?.id === toastId) show({ toast: null });
    }, SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toastId]);

  // A screen that leaves the back-office takes its notices with it.
  useEffect(() => () => show({ toast: null, popup: null }), []);

  const closePopup = () => show({ popup: null });
  const Icon = toast?.kind === 'info' ? Info : CheckCircle2;
  return (
    <>
      {/* The live region stays in the page so that a toast put into it is announced. */}
      <div role="status" aria-live="polite" className="pointer-events-none fixed top-4 right-4 z-[60] flex max-w-sm flex-col">
        {toast ? (
          <div
            data-testid="notice"
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border bg-white p-4 shadow-lg ${
              toast.kind === 'info' ? 'border-gray-200' : 'border-green-200'
            }`}
          >
            <Icon aria-hidden className={`size-6 shrink-0 ${toast.kind === 'info' ? 'text-gray-500' : 'text-green-600'}`} />
            <div className="min-w-0 flex-1">
              {toast.title ? <p className="font-semibold text-gray-900">{toast.title}</p> : null}
              <p className={toast.title ? 'text-sm text-gray-700' : 'text-sm text-gray-900'}>{toast.text}</p>
            </div>
            <button
              type="button"
              onClick={() => show({ toast: null })}
              aria-label="Close"
              className="rounded p-1 text-gray-500 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
      <Modal
        open={popup !== null}
        onOpenChange={(open) => !open && closePopup()}
        title={popup?.title ?? ''}
        description={popup?.text}
        showDescription
        size="sm"
        hideClose
        testId="notice"
        footer={
          <Button onClick={closePopup} className="w-full sm:w-auto">
            OK
          </Button>
        }
      >
        <div className="flex justify-center" role="alert">
          <XCircle aria-hidden className="size-12 text-red-600" />
        </div>
      </Modal>
    </>
  );
}
