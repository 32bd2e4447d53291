import { Outlet } from 'react-router';
import { PosTopBar } from './pos-top-bar';
import { RequireStaff } from './require-staff';
import styles from './shell.module.css';

/** Shell of every /pos/* route except login. Loaded lazily with the POS screens. */
export function PosLayout() {
  return (
    <RequireStaff>
      <div className={styles.shell}>
        <PosTopBar />
        <main className={`${styles.main} ${styles.wide}`} id="main">
          <Outlet />
        </main>
      </div>
    </RequireStaff>
  );
}
