import { AlertTriangle } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useCallback, useRef, useState } from 'react';
import { buttonClass } from '../../ui/form';

export type ConfirmOptions = {
  title?: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
};

const DEFAULTS: Required<ConfirmOptions> = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  confirmLabel: 'Yes, delete it!',
  cancelLabel: 'Cancel',
};

/**
 * The one confirmation of the back-office. `confirm()` opens it and resolves true when the admin
 * confirms, false on Cancel or Escape. Render `element` once in the screen.
 */
export function useConfirm() {
  const [options, setOptions] = useState<Required<ConfirmOptions> | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((opts: ConfirmOptions = {}) => {
    resolver.current?.(false);
    setOptions({ ...DEFAULTS, ...opts });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  const element = (
    <AlertDialog.Root open={options !== null} onOpenChange={(open) => !open && settle(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 text-center shadow-xl focus:outline-none">
          <AlertTriangle aria-hidden className="mx-auto mb-3 size-12 text-amber-500" />
          <AlertDialog.Title className="text-xl font-semibold">{options?.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-gray-700">{options?.text}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">
            <AlertDialog.Cancel className={buttonClass('secondary')}>{options?.cancelLabel}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClass('danger')} onClick={() => settle(true)}>
              {options?.confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );

  return { confirm, element };
}
