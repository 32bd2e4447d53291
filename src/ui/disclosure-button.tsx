import type { Dispatch, ReactNode, SetStateAction } from 'react';

/** A button that shows and hides the element `controls` names (aria-expanded tells which). */
export function DisclosureButton({
  open,
  setOpen,
  controls,
  className,
  children,
}: {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  /** The id of what it shows and hides. */
  controls: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => setOpen((o) => !o)}
    >
      {children}
    </button>
  );
}
