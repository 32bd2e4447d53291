/**
 * /pos/settings/kiosk: the kiosk settings and its video views, the admin's (like the other
 * settings screens; docs/decisions/storefront.md "Kiosk settings and video report"). Online only:
 * the server holds and checks both.
 */
import { useQuery } from '@tanstack/react-query';
import { getKioskSettings, kioskSettingsQueryKey } from '../../api/kiosk-admin';
import { useSession } from '../../features/session/use-session';
import { ErrorState } from '../../ui/empty-state';
import { KioskSettingsForm } from './kiosk-settings-form';
import { KioskVideoReportSection } from './kiosk-video-report';
import { AdminSettingsPage } from '../../features/settings/admin-settings-page';
import adminPage from '../../ui/admin-page.module.css';

export function KioskAdminPage() {
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const q = useQuery({
    queryKey: kioskSettingsQueryKey,
    queryFn: ({ signal }) => getKioskSettings(signal),
    enabled: admin,
  });
  return (
    <AdminSettingsPage titleId="kiosk-admin-title" title="Kiosk" classNames={adminPage}>
      {q.isError ? (
        <ErrorState message={q.error.message} />
      ) : q.data ? (
        <KioskSettingsForm initial={q.data} />
      ) : (
        <p role="status">Loading…</p>
      )}
      <KioskVideoReportSection />
    </AdminSettingsPage>
  );
}
