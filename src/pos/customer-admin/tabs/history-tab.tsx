/**
 * The History tab of the customer admin screen (pos-back-office.md §2, §3 "Customer history
 * entry", §7 customer_history calls): the customer's entries and the Add History form, both on the
 * device's cache and outbox so they work offline. docs/decisions/pos.md "Customer history and uploads".
 */
import type { CustomerTabProps } from '../tab-props';
import { HistoryAddForm } from './history-add-form';
import { HistoryList } from './history-list';
import styles from './history-tab.module.css';

export function HistoryTab({ customer }: CustomerTabProps) {
  return (
    <div className={styles.tab}>
      <section aria-labelledby="history-list-title">
        <h2 id="history-list-title" className={styles.heading}>
          History
        </h2>
        <HistoryList customerRef={customer.id} />
      </section>
      <HistoryAddForm customer={customer} />
    </div>
  );
}
