import type { ReactNode } from 'react';

/**
 * A page's h1 (its id names the page's section: aria-labelledby) in a row with the page's
 * controls; `classNames` are the page's own `header` and `title` classes.
 */
export function PageHeader({
  titleId,
  title,
  classNames,
  children,
}: {
  titleId: string;
  title: string;
  classNames: { header?: string; title?: string };
  children?: ReactNode;
}) {
  return (
    <div className={classNames.header}>
      <h1 id={titleId} className={classNames.title}>
        {title}
      </h1>
      {children}
    </div>
  );
}
