/** Alert bar (storefront.md §2 "alert bars", §9 dismiss cookie): a line of news, dismissible for `dismiss_days` days. */
import { useState } from 'react';
import type { BlockOf } from '../../contracts/content';
import { alertDismissed, dismissAlert } from './alert-cookie';
import { ContentLink } from './content-link';
import styles from './content.module.css';

export function AlertBar({ block }: { block: BlockOf<'alert_bar'> }) {
  const [hidden, setHidden] = useState(() => alertDismissed(block.id));
  if (hidden) return null;
  const d = block.data;
  return (
    <div className={styles.alert} data-tone={d.tone} role="region" aria-label="Announcement" data-block="alert_bar">
      <p className={styles.alertText}>
        {d.text}{' '}
        {d.link && d.link_text ? (
          <ContentLink href={d.link} style={{ color: 'inherit', fontWeight: 700 }}>
            {d.link_text}
          </ContentLink>
        ) : null}
      </p>
      {d.dismissible ? (
        <button
          type="button"
          className={styles.dismiss}
          aria-label="Dismiss announcement"
          onClick={() => {
            dismissAlert(block.id, d.dismiss_days);
            setHidden(true);
          }}
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
