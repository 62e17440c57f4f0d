import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

const SIZES = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};
type Size = keyof typeof SIZES;

const PANEL = {
  // Full screen on a phone, a centred card from 640 px up.
  center:
    'inset-0 sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:max-h-[90vh]',
  // Bottom sheet (phone filter panels).
  sheet: 'inset-x-0 bottom-0 max-h-[85vh] rounded-t-2xl',
  // Left drawer (phone navigation): the sidebar's own colours, edge to edge.
  drawer: 'inset-y-0 left-0 w-72 max-w-[85vw]',
};
type Variant = keyof typeof PANEL;

/** Small messages stay a centred card on a phone too. */
const COMPACT = 'top-1/2 left-1/2 w-[min(92vw,24rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl max-h-[90vh]';

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read out with the title; visually hidden unless `showDescription`. */
  description?: ReactNode;
  showDescription?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
  variant?: Variant;
  size?: Size;
  /** Keeps the dialog open on outside clicks and Escape (while saving). */
  locked?: boolean;
  hideClose?: boolean;
  testId?: string;
};

/** The one dialog of the back-office: forms, details, messages, the phone filter sheet and navigation drawer. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  showDescription = false,
  children,
  footer,
  variant = 'center',
  size = 'md',
  locked = false,
  hideClose = false,
  testId,
}: ModalProps) {
  const drawer = variant === 'drawer';
  const block = (e: Event) => {
    if (locked) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (!o && locked ? undefined : onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-in" />
        <Dialog.Content
          data-testid={testId}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed z-50 flex flex-col shadow-xl focus:outline-none ${drawer ? 'bg-brand-900 text-white' : 'bg-white'} ${
            variant === 'center' && size === 'sm' ? COMPACT : `${PANEL[variant]} ${variant === 'center' ? SIZES[size] : ''}`
          }`}
        >
          <div
            className={`flex items-start justify-between gap-4 border-b px-5 py-4 ${drawer ? 'border-white/10' : 'border-gray-100'}`}
          >
            <div className="min-w-0">
              <Dialog.Title
                className={drawer ? 'font-serif text-lg font-bold text-gold-400' : 'text-lg font-semibold text-gray-900'}
              >
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description className={showDescription ? 'mt-1 text-sm text-gray-600' : 'sr-only'}>
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            {hideClose ? null : (
              <Dialog.Close
                disabled={locked}
                aria-label="Close"
                className={`-m-1 rounded-md p-1 focus-visible:ring-2 focus-visible:outline-none disabled:opacity-40 ${
                  drawer
                    ? 'text-brand-100 hover:bg-white/10 hover:text-white focus-visible:ring-gold-400'
                    : 'text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:ring-brand-500'
                }`}
              >
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            )}
          </div>
          <div className={`min-h-0 flex-1 overflow-y-auto ${drawer ? 'p-3' : 'px-5 py-4'}`}>{children}</div>
          {footer ? <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 px-5 py-3">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
