import { PAGINATION_MAX_BUTTONS } from '../../domain/constants';
import { pageWindow } from './page-window';
import styles from './table.module.css';

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Spec: paging is ignored while a page loads. */
  disabled?: boolean;
  /** Names the landmark when a screen has more than one pager. */
  label?: string;
}

/** Previous, up to 10 numbered buttons around the current page, Next. Hidden for a single page. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  disabled = false,
  label = 'Pagination',
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages, PAGINATION_MAX_BUTTONS);
  const go = (p: number) => {
    if (!disabled && p !== page && p >= 1 && p <= totalPages) onPageChange(p);
  };
  return (
    <nav aria-label={label}>
      <ul className={styles.pagination}>
        <li>
          <button
            type="button"
            className={styles.pageButton}
            disabled={disabled || page <= 1}
            onClick={() => go(page - 1)}
          >
            Previous
          </button>
        </li>
        {pages.map((p) => (
          <li key={p}>
            <button
              type="button"
              className={styles.pageButton}
              aria-label={`Go to page ${p}`}
              aria-current={p === page ? 'page' : undefined}
              disabled={disabled}
              onClick={() => go(p)}
            >
              {p}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={styles.pageButton}
            disabled={disabled || page >= totalPages}
            onClick={() => go(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
