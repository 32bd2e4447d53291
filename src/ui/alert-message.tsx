import type { ReactNode } from 'react';

/** A message read out at once (role="alert"), or nothing while there is none. */
export function AlertMessage({ message, className }: { message: ReactNode; className?: string }) {
  if (message === undefined || message === null || message === false || message === '') return null;
  return (
    <p role="alert" className={className}>
      {message}
    </p>
  );
}
