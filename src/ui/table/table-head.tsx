/** A table's caption (read by screen readers; visually hidden) and its one row of column headers. */
export function TableHead({
  caption,
  columns,
  classNames = {},
  hidden = [],
}: {
  caption?: string;
  columns: readonly string[];
  /** A class for some columns' header, by label (e.g. right-aligned numbers). */
  classNames?: Readonly<Partial<Record<string, string>>>;
  /** Labels read by screen readers only (e.g. an Actions column of buttons). */
  hidden?: readonly string[];
}) {
  return (
    <>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((label) => (
            <th key={label} scope="col" className={classNames[label]}>
              {hidden.includes(label) ? <span className="visually-hidden">{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
