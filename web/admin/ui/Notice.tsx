import { CheckCircle2, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

type NoticeOptions = {
  kind: 'success' | 'error';
  title: string;
  text: string;
  /** Closes by itself after this many milliseconds. */
  autoCloseMs?: number;
};

/** Success and failure popups of the back-office (built on the one Modal). Render `element` once. */
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

  useEffect(() => {
    if (!notice?.autoCloseMs) return;
    const timer = setTimeout(close, notice.autoCloseMs);
    return () => clearTimeout(timer);
  }, [notice, close]);

  const element = (
    <Modal
      open={notice !== null}
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
      <div className="flex justify-center" role={notice?.kind === 'error' ? 'alert' : 'status'}>
        {notice?.kind === 'success' ? (
          <CheckCircle2 aria-hidden className="size-12 text-green-600" />
        ) : (
          <XCircle aria-hidden className="size-12 text-red-600" />
        )}
      </div>
    </Modal>
  );

  return { notify, element };
}
