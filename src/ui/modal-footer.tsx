import type { ReactNode } from 'react';
import { Button } from './button';

export interface ModalFooterProps {
  onCancel: () => void;
  /** Omitted with `form`: the button then submits that form. */
  onSave?: () => void;
  /** The save button's words, e.g. "Save", "Add Product" or "Updating..." while busy. */
  saveLabel: ReactNode;
  /** Disables the save button (a request under way, the form's lists not loaded yet). */
  disabled?: boolean;
  /** The id of the `<form>` the save button submits (the Enter key submits it too). */
  form?: string;
  cancelLabel?: string;
}

/** The Cancel + Save row at the foot of a modal (Modal's `footer`). */
export function ModalFooter({
  onCancel,
  onSave,
  saveLabel,
  disabled = false,
  form,
  cancelLabel = 'Cancel',
}: ModalFooterProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {form ? (
        <Button type="submit" form={form} disabled={disabled}>
          {saveLabel}
        </Button>
      ) : (
        <Button onClick={onSave} disabled={disabled}>
          {saveLabel}
        </Button>
      )}
    </>
  );
}
