/**
 * The customers list's table (§2): Assign to cart, name, email, added-ago, order count, balance
 * label, edit link. Under 600 px wide each row is a card (name, email, then added, orders and
 * balance, then the two buttons) instead of a table to scroll sideways.
 */
import { Link } from 'react-router';
import type { CustomerListRow } from '../../db/customers-list';
import { cmp, money } from '../../domain/money';
import { formatPhone } from '../../domain/phone';
import { Button, buttonClassName } from '../../ui/button';
import { formatMoney } from '../../ui/format-money';
import { DataTable, type Column } from '../../ui/table/data-table';
import { addedAgo } from './added-ago';
import styles from './customers.module.css';

export const editLink = (c: { id: string; customer_id: number | null }) =>
  `/pos/customer/edit?customer_id=${encodeURIComponent(String(c.customer_id ?? c.id))}`;

export const fullName = (c: { firstname: string; lastname: string }) => `${c.firstname} ${c.lastname}`.trim();

/** "Balance: $12.50" when the customer's orders still owe, else "No balance". */
export function balanceLabel(balance: string): string {
  return cmp(money(balance), money('0')) > 0 ? `Balance: ${formatMoney(balance) ?? balance}` : 'No balance';
}

export function CustomersTable(props: {
  rows: CustomerListRow[];
  onAssign: (c: CustomerListRow) => void;
  busy: string | null;
}) {
  const columns: Column<CustomerListRow>[] = [
    {
      key: 'assign',
      header: 'Assign',
      headerLabel: 'Assign to cart',
      className: styles.cAssign,
      render: (c) => (
        <Button
          variant="secondary"
          disabled={props.busy !== null}
          aria-label={`Assign ${fullName(c)} to cart`}
          onClick={() => props.onAssign(c)}
        >
          Assign to cart
        </Button>
      ),
    },
    {
      key: 'custname',
      header: 'Customer Name',
      className: styles.cName,
      render: (c) => (
        <span className={styles.name}>
          <strong>{fullName(c)}</strong>
          {c.telephone && <span className={styles.muted}>{formatPhone(c.telephone)}</span>}
        </span>
      ),
    },
    { key: 'email', header: 'E-Mail', render: (c) => c.email, className: styles.cEmail },
    {
      key: 'date_added',
      header: 'Added',
      className: styles.cSmall,
      render: (c) => (
        <time dateTime={c.date_added}>
          <span className={styles.narrowOnly}>Added </span>
          {addedAgo(c.date_added)}
        </time>
      ),
    },
    {
      key: 'total_orders',
      header: 'Orders',
      className: styles.cSmall,
      render: (c) => (
        <>
          {c.total_orders}
          <span className={styles.narrowOnly}>{c.total_orders === 1 ? ' order' : ' orders'}</span>
        </>
      ),
    },
    {
      key: 'balance',
      header: 'Balance',
      className: styles.cSmall,
      render: (c) => (
        <span className={cmp(money(c.balance), money('0')) > 0 ? styles.owing : styles.muted}>
          {balanceLabel(c.balance)}
        </span>
      ),
    },
    {
      key: 'edit',
      header: 'Edit',
      headerLabel: 'Edit',
      className: styles.cEdit,
      render: (c) => (
        <Link className={buttonClassName('ghost')} to={editLink(c)} aria-label={`Edit ${fullName(c)}`}>
          Edit
        </Link>
      ),
    },
  ];
  return (
    <div className={styles.list}>
      <DataTable caption="Customers" columns={columns} rows={props.rows} rowKey={(c) => c.id} />
    </div>
  );
}
