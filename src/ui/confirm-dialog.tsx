import { Button } from './button';
import { Modal } from './modal';

export type ConfirmTone = 'warning' | 'error' | 'question' | 'success' | 'info';

/** The spec's generic confirm: a question, Cancel and a confirming button. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  tone?: ConfirmTone;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={props.open}
      onOpenChange={(o) => !o && props.onCancel()}
      title={props.title}
      description={props.message}
      footer={
        <>
          <Button variant="secondary" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button
            variant={props.tone === 'warning' || props.tone === 'error' ? 'danger' : 'primary'}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    />
  );
}
