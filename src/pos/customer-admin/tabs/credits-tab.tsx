/**
 * The Credits tab of the customer admin screen (pos-back-office.md §2; §3 "Credit transaction:
 * customer_transaction_id, date_added, description, amount (response also carries balance)"; §9
 * pages of 10, default sort date_added ascending, asc/desc toggle): the customer's store credit
 * entries from the device store (pulled, plus those this device queued), the balance, and Add
 * Credit (the checkout's modal: §8 "Credit add: success or error in an alert"), offline too.
 * The balance is the sum of the entries (docs/decisions/pos.md "Customer vehicles and credits").
 */
import { useState } from 'react';
import { AddCreditModal } from '../../../features/pos-customer/add-credit-modal';
import { useSession } from '../../../features/session/use-session';
import { customerCreditEntries } from '../../../db/queries';
import { deviceDb } from '../../../device/device-db';
import { useLiveQuery } from '../../../device/use-live-query';
import { useRunMutation } from '../../../device/use-run-mutation';
import { money } from '../../../domain/money';
import type { CreditEntry } from '../../../domain/mutations/records';
import { Button } from '../../../ui/button';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { formatDateTime } from '../../../ui/format-date';
import { Money } from '../../../ui/money';
import { Spinner } from '../../../ui/spinner';
import { DataTable, type Column } from '../../../ui/table/data-table';
import { Pagination } from '../../../ui/table/pagination';
import type { SortState } from '../../../ui/table/sort';
import type { CustomerTabProps } from '../tab-props';
import styles from './credits-tab.module.css';

/** §9 "Customer admin tables: default page 1, limit 10". */
export const CREDIT_PAGE_SIZE = 10;

type Key = 'date_added' | 'description' | 'amount';

export function sortCredits(rows: readonly CreditEntry[], sort: SortState<Key>): CreditEntry[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const cmp = (a: CreditEntry, b: CreditEntry): number => {
    if (sort.key === 'amount') return money(a.amount).cmp(money(b.amount));
    if (sort.key === 'description') return a.description.localeCompare(b.description, 'en', { sensitivity: 'base' });
    return a.date_added.localeCompare(b.date_added);
  };
  // Ties keep the order they were written in (the server's number, then the device's id: uuid v7 is time-ordered).
  const written = (a: CreditEntry, b: CreditEntry) =>
    (a.customer_transaction_id ?? Number.MAX_SAFE_INTEGER) - (b.customer_transaction_id ?? Number.MAX_SAFE_INTEGER) ||
    a.id.localeCompare(b.id);
  return [...rows].sort((a, b) => sign * (cmp(a, b) || written(a, b)));
}

export function CreditsTab({ customer }: CustomerTabProps) {
  const run = useRunMutation();
  const { user } = useSession();
  const entries = useLiveQuery(() => customerCreditEntries(deviceDb(), customer.id), [customer.id]);
  const [sort, setSort] = useState<SortState<Key>>({ key: 'date_added', direction: 'asc' });
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  // Store credit is money: cashiers and admins add it (server/auth/permissions.ts 'customer.privileged').
  const mayAdd = user?.role === 'admin' || user?.role === 'cashier';

  const columns: Column<CreditEntry, Key>[] = [
    { key: 'date_added', header: 'Date Added', sortable: true, render: (e) => formatDateTime(e.date_added) },
    { key: 'description', header: 'Description', sortable: true, render: (e) => e.description },
    {
      key: 'amount',
      header: 'Amount',
      sortable: true,
      className: styles.amount,
      render: (e) => <Money amount={e.amount} />,
    },
  ];

  const rows = entries.data ?? [];
  const totalPages = Math.max(1, Math.ceil(rows.length / CREDIT_PAGE_SIZE));
  const shown = Math.min(page, totalPages);
  let body;
  if (entries.loading) body = <Spinner label="Loading credits…" />;
  else if (entries.error) body = <ErrorState message="Something went wrong!" />;
  else if (rows.length === 0) body = <EmptyState title="There are no results." />;
  else
    body = (
      <>
        <DataTable
          caption={`Store credit of ${customer.firstname} ${customer.lastname}`}
          columns={columns}
          rows={sortCredits(rows, sort).slice((shown - 1) * CREDIT_PAGE_SIZE, shown * CREDIT_PAGE_SIZE)}
          rowKey={(e) => e.id}
          sort={sort}
          onSortChange={(s) => (setSort(s), setPage(1))}
        />
        <Pagination page={shown} totalPages={totalPages} onPageChange={setPage} label="Credits pages" />
      </>
    );

  return (
    <div className={styles.tab}>
      <div className={styles.bar}>
        <h2 className={styles.heading}>Credits</h2>
        <p className={styles.balance} role="status">
          Balance: <Money amount={customer.store_credit} />
        </p>
        {mayAdd && <Button onClick={() => setAdding(true)}>Add Credit</Button>}
      </div>
      {body}
      {adding && <AddCreditModal customerRef={customer.id} run={run} onClose={() => setAdding(false)} />}
    </div>
  );
}
