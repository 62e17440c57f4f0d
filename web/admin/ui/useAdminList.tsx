import { useState } from 'react';
import { type ConfirmOptions, useConfirm } from './Confirm';
import { notice } from './Notice';

type Failure = { title?: string; text: string };

/** What a list screen's add/edit dialog is given: the row (null to add), Cancel, and how saving went. */
export type ListDialogProps<Row> = {
  editing: Row | null;
  onClose: () => void;
  onSaved: (message: string) => void;
  notifyError: (text: string) => void;
};

/**
 * What every back-office list screen shares: the add/edit dialog's state (a fresh dialog each time it opens),
 * delete with confirmation and a notice of how it went, and the confirmation's element to render.
 */
export function useAdminList<Row>() {
  const { confirm, element: confirmElement } = useConfirm();
  const [modal, setModal] = useState<{ editing: Row | null; key: number } | null>(null);

  /**
   * Asks first; deletes; says "Deleted!" with `deleted`, or the failure; then `after` (a reload) either way.
   * `onDeleted` runs only when the delete went through, before `after`.
   */
  async function removeRow(opts: {
    confirm?: ConfirmOptions;
    remove: () => Promise<unknown>;
    deleted: string;
    failed: (err: unknown) => Failure;
    onDeleted?: () => void;
    after: () => Promise<unknown>;
  }) {
    if (!(await confirm(opts.confirm))) return;
    try {
      await opts.remove();
      notice.success(opts.deleted, 'Deleted!');
      opts.onDeleted?.();
    } catch (err) {
      const failure = opts.failed(err);
      notice.error(failure.text, failure.title);
    }
    await opts.after();
  }

  const closeModal = () => setModal(null);

  /**
   * The open add/edit dialog's props (null when none is open): the row, Cancel, and the notices of how saving went;
   * a save closes the dialog and calls `reload`. `key` makes each opening a fresh dialog.
   */
  function dialog(reload: () => Promise<unknown>): { key: number; props: ListDialogProps<Row> } | null {
    if (!modal) return null;
    return {
      key: modal.key,
      props: {
        editing: modal.editing,
        onClose: closeModal,
        notifyError: (text: string) => notice.error(text),
        onSaved: (message: string) => {
          closeModal();
          notice.success(message, 'Success!');
          void reload();
        },
      },
    };
  }

  return {
    removeRow,
    dialog,
    openModal: (editing: Row | null) => setModal({ editing, key: Date.now() }),
    elements: confirmElement,
  };
}
