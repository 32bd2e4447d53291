import type { ReactNode } from 'react';
import { Modal } from './modal';
import { ModalFooter } from './modal-footer';

interface ActionModalBase {
  /** Cancel, Escape and the close button call it; the owner unmounts the modal to close it. */
  onClose: () => void;
  title: string;
  focusFirstField?: boolean;
  /** The save button's words, e.g. "Save" or "Adding..." while busy. */
  saveLabel: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}

/** A modal that is open while it is rendered, with Cancel and one save button (`onSave`). */
export function ActionModal({
  onClose,
  title,
  focusFirstField,
  saveLabel,
  disabled,
  onSave,
  children,
}: ActionModalBase & { onSave: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      focusFirstField={focusFirstField}
      footer={<ModalFooter onCancel={onClose} onSave={onSave} saveLabel={saveLabel} disabled={disabled} />}
    >
      {children}
    </Modal>
  );
}

/**
 * An ActionModal whose body is one form: the save button submits it, and so does Enter in a
 * field; `onSubmit` gets no event (the browser's own submit is prevented).
 */
export function FormModal({
  onClose,
  title,
  focusFirstField,
  saveLabel,
  disabled,
  formId,
  formClassName,
  onSubmit,
  children,
}: ActionModalBase & { formId: string; formClassName?: string; onSubmit: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      focusFirstField={focusFirstField}
      footer={<ModalFooter onCancel={onClose} form={formId} saveLabel={saveLabel} disabled={disabled} />}
    >
      <form
        id={formId}
        className={formClassName}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
