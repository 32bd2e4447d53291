/** The Modal's props, shared by the always-loaded shell (modal.tsx) and the lazily loaded dialog (modal-dialog.tsx). */
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: it names the dialog for screen readers (aria-labelledby). */
  title: string;
  /** Optional sentence read after the title (aria-describedby). */
  description?: string;
  /** Buttons row, e.g. Cancel and Save. */
  footer?: ReactNode;
  /** Full screen on every width (the spec's New Customer form). */
  fullScreen?: boolean;
  /**
   * Focus the first form field on open instead of the first control (the Close button): for a
   * dialog whose whole point is typing, such as a search.
   */
  focusFirstField?: boolean;
  children?: ReactNode;
}
