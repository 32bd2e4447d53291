import * as Popover from '@radix-ui/react-popover';
import { Link } from 'react-router';
import type { OrderRow } from '../../contracts/orders-list';
import { buttonClassName } from '../../ui/button';
import { useToast } from '../../ui/toast/toast-context';
import { useCopy } from './use-copy';
import styles from './orders.module.css';
import { formatPhone } from '../../domain/phone';

export const COPY_FAILED = "Couldn't copy to the clipboard.";

type CustomerFields = Pick<OrderRow, 'customer' | 'customer_id' | 'email' | 'telephone'>;

/** The customer's name opening their contact: email, telephone, Copy (email, else phone) and View Customer. */
export function CustomerPopover({ row }: { row: CustomerFields }) {
  const { copied, copy } = useCopy();
  const toast = useToast();
  if (row.customer === '' && row.email === '' && row.telephone === '') return <span className={styles.muted}>—</span>;
  const name = row.customer || row.email || formatPhone(row.telephone);
  const copyText = row.email || row.telephone;
  const copyWhat = row.email ? 'email' : 'telephone';
  const onCopy = async () => {
    if (!(await copy(copyText))) toast.error(COPY_FAILED);
  };
  return (
    <Popover.Root>
      <Popover.Trigger className={styles.cellButton}>{name}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.popover} sideOffset={6} align="start" aria-label={`Customer ${name}`}>
          <p className={styles.popoverTitle}>{row.customer || 'Customer'}</p>
          <dl className={styles.contact}>
            <dt>Email</dt>
            <dd>{row.email || '—'}</dd>
            <dt>Telephone</dt>
            <dd>{row.telephone ? formatPhone(row.telephone) : '—'}</dd>
          </dl>
          <div className={styles.popoverActions}>
            {copyText && (
              <button type="button" className={buttonClassName('secondary')} onClick={() => void onCopy()}>
                {copied ? 'Copied' : 'Copy'}
                {!copied && <span className="visually-hidden"> {copyWhat}</span>}
              </button>
            )}
            {row.customer_id !== null && (
              <Link className={buttonClassName('primary')} to={`/pos/customer/edit?customer_id=${row.customer_id}`}>
                View Customer
              </Link>
            )}
          </div>
          <span role="status" className="visually-hidden">
            {copied ? `Copied ${copyText}` : ''}
          </span>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
