/**
 * /pos/settings/kiosk: the kiosk settings and its video views, the admin's (like the other
 * settings screens; docs/decisions/storefront.md "Kiosk settings and video report"). Online only:
 * the server holds and checks both.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getKioskSettings, kioskSettingsQueryKey } from '../../api/kiosk-admin';
import { useSession } from '../../features/session/use-session';
import { ErrorState } from '../../ui/empty-state';
import { KioskSettingsForm } from './kiosk-settings-form';
import { KioskVideoReportSection } from './kiosk-video-report';
import styles from './kiosk-admin.module.css';

export const ADMIN_ONLY = 'Only an administrator can change these settings.';

export function KioskAdminPage() {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const q = useQuery({
    queryKey: kioskSettingsQueryKey,
    queryFn: ({ signal }) => getKioskSettings(signal),
    enabled: admin,
  });
  return (
    <section className={styles.page} aria-labelledby="kiosk-admin-title">
      <p>
        <Link to="/pos/settings">Settings</Link>
      </p>
      <h1 id="kiosk-admin-title" className={styles.title}>
        Kiosk
      </h1>
      {!admin ? (
        <p>{ADMIN_ONLY}</p>
      ) : (
        <>
          {q.isError ? (
            <ErrorState message={q.error.message} />
          ) : q.data ? (
            <KioskSettingsForm initial={q.data} />
          ) : (
            <p role="status">Loading…</p>
          )}
          <KioskVideoReportSection />
        </>
      )}
    </section>
  );
}
