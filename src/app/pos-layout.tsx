import { Outlet } from 'react-router';
import { PosTopBar } from './pos-top-bar';
import { RequireStaff } from './require-staff';
import { CatalogDownload } from '../features/sync-status/catalog-download';
import { SyncProvider } from '../device/sync-provider';
import styles from './shell.module.css';

/**
 * Shell of every /pos/* route except login. Loaded lazily with the POS screens, so the sync worker
 * (started by SyncProvider for the staff session) never loads on the storefront.
 */
export function PosLayout() {
  return (
    <RequireStaff>
      <SyncProvider>
        <div className={styles.shell}>
          <PosTopBar />
          <CatalogDownload />
          <main className={`${styles.main} ${styles.wide}`} id="main">
            <Outlet />
          </main>
        </div>
      </SyncProvider>
    </RequireStaff>
  );
}
