export interface HeadColumn {
  label: string;
  className?: string;
  /** Read by screen readers only (e.g. an Actions column of buttons). */
  hidden?: boolean;
}

/** A table's caption (read by screen readers; visually hidden) and its one row of column headers. */
export function TableHead({ caption, columns }: { caption?: string; columns: readonly (string | HeadColumn)[] }) {
  return (
    <>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => {
            const { label, className, hidden } = typeof c === 'string' ? { label: c } : c;
            return (
              <th key={label} scope="col" className={className}>
                {hidden ? <span className="visually-hidden">{label}</span> : label}
              </th>
            );
          })}
        </tr>
      </thead>
    </>
  );
}
