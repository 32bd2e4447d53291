import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** The spec's wording, e.g. "There are no results." */
  title: string;
  children?: ReactNode;
}

export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}

export interface ErrorStateProps {
  message: string;
  /** Usually a "Try again" button. */
  children?: ReactNode;
}

/** A failed load, announced immediately (role="alert"). */
export function ErrorState({ message, children }: ErrorStateProps) {
  return (
    <div className={`${styles.empty} ${styles.error}`} role="alert">
      <p className={styles.title}>{message}</p>
      {children}
    </div>
  );
}
