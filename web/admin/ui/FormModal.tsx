import type { FormEvent, ReactNode } from 'react';
import { Button } from './Button';
import { Modal, type ModalProps } from './Modal';

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
