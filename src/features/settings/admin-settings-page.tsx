/** The frame of an admin's store settings screen (linked from /pos/settings by admin-links.tsx). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../session/use-session';

export const ADMIN_ONLY = 'Only an administrator can change these settings.';

/**
 * A link back to Settings, the screen's h1 (naming its section), and the screen itself for an
 * admin; anyone else reads ADMIN_ONLY. `classNames` are the screen's own `page` and `title` classes.
 */
export function AdminSettingsPage(props: {
  titleId: string;
  title: string;
  classNames: { page?: string; title?: string };
  children: ReactNode;
}) {
  const { user } = useSession();
  return (
    <section className={props.classNames.page} aria-labelledby={props.titleId}>
      <p>
        <Link to="/pos/settings">Settings</Link>
      </p>
      <h1 id={props.titleId} className={props.classNames.title}>
        {props.title}
      </h1>
      {user?.role === 'admin' ? props.children : <p>{ADMIN_ONLY}</p>}
    </section>
  );
}
