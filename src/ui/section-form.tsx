import type { ReactNode } from 'react';
import { AlertMessage } from './alert-message';

/**
 * A form that is one titled section of a page: named by its h2, checked by the caller on submit
 * (noValidate: the schema's messages, not the browser's), with the form-wide error under the title.
 */
export function SectionForm({
  titleId,
  title,
  error,
  onSubmit,
  className,
  titleClassName,
  alertClassName,
  children,
}: {
  titleId: string;
  title: ReactNode;
  /** The error of no one field, e.g. the server's refusal. */
  error: string | undefined;
  onSubmit: () => void;
  className?: string;
  titleClassName?: string;
  alertClassName?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      <AlertMessage message={error} className={alertClassName} />
      {children}
    </form>
  );
}
