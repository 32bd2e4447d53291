import { Button } from '../../ui/button';
import { appUpdates } from './app-updates';
import { useAppUpdate } from './use-app-update';
import styles from './update-prompt.module.css';

/**
 * "New version available — reload": stays until the user clicks Reload (it never reloads by itself,
 * so a sale in progress is finished first). The live region is always in the page so screen
 * readers announce the prompt when it appears.
 */
export function UpdatePrompt() {
  const { available, reloading } = useAppUpdate();
  return (
    <div className={styles.region} role="status" aria-live="polite" data-testid="update-region">
      {available && (
        <div className={styles.prompt} data-testid="update-prompt">
          <p className={styles.text}>New version available — reload</p>
          <Button onClick={appUpdates.reload} disabled={reloading}>
            {reloading ? 'Reloading...' : 'Reload'}
          </Button>
        </div>
      )}
    </div>
  );
}
