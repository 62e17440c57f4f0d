import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../ui/form';
import { errorText, fieldErrorsOf } from '../format';
import { Modal, type ModalProps } from './Modal';
import type { ListDialogProps } from './useAdminList';

/**
 * The state of a list screen's add/edit dialog for a `noun` ("Category"): `form`, the FormModal's own props (its title,
 * Cancel, held while saving), and `save`. `save` runs `send`; then `onSaved` with `saved`; on a failure the server's
 * field errors go to `showFields` (true when it showed them), or else `notifyError` tells `failed` (the server's
 * message first; `offline` when it could not be reached).
 */
export function useDialogSave<Row>({ editing, onClose, onSaved, notifyError }: ListDialogProps<Row>, noun: string) {
  const [saving, setSaving] = useState(false);
  async function save(
    send: () => Promise<unknown>,
    texts: { saved: string; failed: string; offline?: string },
    showFields: (fields: Record<string, string>) => boolean,
  ) {
    setSaving(true);
    try {
      await send();
      onSaved(texts.saved);
    } catch (err) {
      if (!showFields(fieldErrorsOf(err))) notifyError(errorText(err, texts.failed, texts.offline));
    } finally {
      setSaving(false);
    }
  }
  const form = {
    formId: `${noun.toLowerCase()}-form`,
    title: `${editing ? 'Edit' : 'Add'} ${noun}`,
    editing: editing !== null,
    saving,
    onClose,
  };
  return { saving, save, form };
}

/**
 * The add/edit dialog of a back-office list: a form with Cancel and Save (Update when editing), held open and
 * disabled while it saves.
 */
export function FormModal({
  formId,
  title,
  size,
  editing,
  saving,
  submitDisabled = false,
  onClose,
  onSubmit,
  className,
  children,
}: {
  formId: string;
  title: ReactNode;
  size?: ModalProps['size'];
  editing: boolean;
  saving: boolean;
  submitDisabled?: boolean;
  onClose: () => void;
  onSubmit: (e: FormEvent) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      size={size}
      locked={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={saving || submitDisabled}>
            {saving ? 'Saving...' : editing ? 'Update' : 'Save'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={className}>
        {children}
      </form>
    </Modal>
  );
}
