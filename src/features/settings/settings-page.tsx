import { DeviceStorageSection } from './device-storage-section';
import styles from './settings.module.css';
import { ContentSection } from './content-section';
import { AdminLinks } from './admin-links';

/** /pos/settings: this device's settings (store settings are a later issue). */
export function SettingsPage() {
  return (
    <section className={styles.page} aria-labelledby="settings-title">
      <h1 id="settings-title" className={styles.title}>
        Settings
      </h1>
      <DeviceStorageSection />
      <AdminLinks />
      <ContentSection />
    </section>
  );
}
