import * as Dialog from '@radix-ui/react-dialog';
import { useRef } from 'react';
import type { ModalProps } from './modal-props';
import styles from './modal.module.css';

/** Radix Dialog with focus trap, Escape to close and an accessible title. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  fullScreen = false,
  focusFirstField = false,
  children,
}: ModalProps) {
  const body = useRef<HTMLDivElement>(null);
  const focusField = (e: Event) => {
    const field = body.current?.querySelector<HTMLElement>('input, select, textarea');
    if (!field) return;
    e.preventDefault();
    field.focus();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${fullScreen ? styles.full : ''}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(focusFirstField ? { onOpenAutoFocus: focusField } : {})}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div className={styles.body} ref={body}>
            {description && <Dialog.Description>{description}</Dialog.Description>}
            {children}
          </div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
