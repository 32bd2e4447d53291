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

/** A modal that is open while it is rendered, with Cancel and one save button. */
function OpenModal({
  onClose,
  title,
  focusFirstField,
  saveLabel,
  disabled,
  save,
  children,
}: ActionModalBase & { save: { onSave: () => void } | { form: string } }) {
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      focusFirstField={focusFirstField}
      footer={<ModalFooter onCancel={onClose} saveLabel={saveLabel} disabled={disabled} {...save} />}
    >
      {children}
    </Modal>
  );
}

/** An open modal whose save button calls `onSave`. */
export function ActionModal({ onSave, ...modal }: ActionModalBase & { onSave: () => void }) {
  return <OpenModal {...modal} save={{ onSave }} />;
}

/**
 * An open modal whose body is one form: the save button submits it, and so does Enter in a field;
 * `onSubmit` gets no event (the browser's own submit is prevented).
 */
export function FormModal({
  formId,
  formClassName,
  onSubmit,
  children,
  ...modal
}: ActionModalBase & { formId: string; formClassName?: string; onSubmit: () => void }) {
  return (
    <OpenModal {...modal} save={{ form: formId }}>
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
    </OpenModal>
  );
}
