/** A store's opening hours behind the 'Show Hours' / 'Hide Hours' toggle (storefront.md §4 "Store locator"). */
import { useId, useState } from 'react';
import type { DealerStore } from '../../contracts/dealer-locator';
import { hoursLines, type StoreHours } from '../../domain/locator';
import { DisclosureButton } from '../../ui/disclosure-button';
import styles from './dealer-locator.module.css';

export function StoreHoursToggle({ store }: { store: DealerStore }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (Object.keys(store.hours).length === 0) return null;
  return (
    <div>
      <DisclosureButton open={open} setOpen={setOpen} controls={id} className={styles.linkButton}>
        {open ? 'Hide Hours' : 'Show Hours'}
      </DisclosureButton>
      {open && (
        <table id={id} className={styles.hours} aria-label={`Hours of ${store.location_name}`}>
          <tbody>
            {hoursLines(store.hours as StoreHours).map((l) => (
              <tr key={l.day}>
                <th scope="row">{l.day}</th>
                <td>{l.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
