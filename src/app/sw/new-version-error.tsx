import { useContext, useEffect } from 'react';
import styles from '../page.module.css';
import { appUpdates } from './app-updates';
import { UpdatePrompt } from './update-prompt';
import { UpdatePromptMounted } from './update-prompt-mounted';

/**
 * The route error for a chunk that failed to load: instead of a crash, the page explains and the
 * "New version available — reload" prompt offers the reload (never automatic).
 */
export function NewVersionError() {
  const promptMounted = useContext(UpdatePromptMounted);
  useEffect(() => appUpdates.staleCodeDetected(), []);
  return (
    <section className={styles.page} aria-labelledby="new-version-title">
      <h1 id="new-version-title" className={styles.title}>
        New version available
      </h1>
      <p>This screen belongs to a newer version of Partsdesk. Reload to open it.</p>
      {!promptMounted && <UpdatePrompt />}
    </section>
  );
}
