/**
 * A short list of customer accounts: name, email and phone, and an Edit link to each one's admin
 * page (the customers seen at one IP, the server's hits this device has not pulled yet).
 */
import { Link } from 'react-router';
import type { CustomerSearchReply } from '../../contracts/pos-order';
import { formatPhone } from '../../domain/phone';
import { buttonClassName } from '../../ui/button';
import { editLink, fullName } from './customers-table';
import styles from './customers.module.css';

export function CustomerHitList({ label, hits }: { label: string; hits: CustomerSearchReply }) {
  return (
    <ul aria-label={label} className={styles.hitList}>
      {hits.map((c) => (
        <li key={c.id} className={styles.hit}>
          <span className={styles.name}>
            <strong>{fullName(c)}</strong>
            <span className={styles.muted}>{[c.email, formatPhone(c.telephone)].filter(Boolean).join(' · ')}</span>
          </span>
          <Link className={buttonClassName('ghost')} to={editLink(c)} aria-label={`Edit ${fullName(c)}`}>
            Edit
          </Link>
        </li>
      ))}
    </ul>
  );
}
