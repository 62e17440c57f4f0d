import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FilterBarProps, FilterForm } from './FilterBar';

/** The filter form as a bottom sheet on phones; applying or clearing closes it. */
export default function FilterSheet(props: FilterBarProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { open, onOpenChange, ...form } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[90vh] overflow-y-auto rounded-t-2xl bg-white p-5 pb-8 shadow-xl">
          <div className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-gray-300" aria-hidden="true" />
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">Filter products</Dialog.Title>
            <Dialog.Close
              aria-label="Close filters"
              className="rounded-md p-2 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Choose filters, then apply them to the product list.</Dialog.Description>
          <FilterForm
            {...form}
            layout="sheet"
            onApply={(f) => {
              onOpenChange(false);
              form.onApply(f);
            }}
            onClear={() => {
              onOpenChange(false);
              form.onClear();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
