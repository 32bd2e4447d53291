import type { ReactNode } from 'react';
import { nextSort, type SortState } from './sort';
import styles from './table.module.css';

export interface Column<Row, Key extends string = string> {
  /** Stable id; also the sort key sent to the server when `sortable`. */
  key: Key;
  header: ReactNode;
  /** Accessible name for a header that shows no text (e.g. a select-all checkbox column). */
  headerLabel?: string;
  sortable?: boolean;
  render: (row: Row) => ReactNode;
  className?: string;
}

export interface DataTableProps<Row, Key extends string = string> {
  /** Read by screen readers; visually hidden. */
  caption: string;
  columns: Column<Row, Key>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  sort?: SortState<Key>;
  onSortChange?: (sort: SortState<Key>) => void;
  rowClassName?: (row: Row) => string | undefined;
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** A plain table whose sortable headers are buttons; sorting itself is the caller's (usually the server's). */
export function DataTable<Row, Key extends string = string>(props: DataTableProps<Row, Key>) {
  const { caption, columns, rows, rowKey, sort, onSortChange, rowClassName } = props;
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((col) => {
              const active = sort?.key === col.key;
              return (
                <th
                  key={col.key}
                  scope="col"
                  className={col.className}
                  aria-sort={col.sortable ? (active && sort ? ariaSort[sort.direction] : 'none') : undefined}
                  aria-label={col.headerLabel}
                >
                  {col.sortable && onSortChange ? (
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() => onSortChange(nextSort(sort, col.key))}
                    >
                      {col.header}
                      <span aria-hidden="true">{active && sort ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((col) => (
                <td key={col.key} className={col.className}>
                  {col.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
