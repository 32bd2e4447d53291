/**
 * Every gift certificate, 10 a page, newest issued first, searched by part of the code or the
 * recipient's name (GET /api/gift_certificate). Online only: offline it says the list is on the server.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { giftCertificatesQueryOptions } from '../../api/gift-certificates';
import { GIFT_LIST_OFFLINE, type GiftListRow } from '../../contracts/gift-certificate';
import { useOnline } from '../../device/use-online';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { TextField } from '../../ui/field';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { Spinner } from '../../ui/spinner';
import { DataTable, type Column } from '../../ui/table/data-table';
import { Pagination } from '../../ui/table/pagination';
import { GiftStatus, OrderAt } from './gift-parts';
import styles from './gift-certificates.module.css';

interface Props {
  page: number;
  filter: string;
  onFilter: (filter: string) => void;
  onPage: (page: number) => void;
  onOpen: (code: string) => void;
}

export function GiftCertificateList({ page, filter, onFilter, onPage, onOpen }: Props) {
  const online = useOnline();
  const list = useQuery({ ...giftCertificatesQueryOptions({ page, filter }), enabled: online });
  const [typed, setTyped] = useState(filter);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onFilter(typed.trim());
  };

  const columns: Column<GiftListRow>[] = [
    {
      key: 'code',
      header: 'Code',
      render: (c) => (
        <button
          type="button"
          className={styles.codeButton}
          onClick={() => onOpen(c.code)}
          aria-label={`Show gift certificate ${c.code}`}
        >
          {c.code}
        </button>
      ),
    },
    { key: 'balance', header: 'Balance', render: (c) => <Money amount={c.balance} /> },
    { key: 'status', header: 'Status', render: (c) => <GiftStatus status={c.status} /> },
    { key: 'amount', header: 'Amount', render: (c) => <Money amount={c.original_amount} /> },
    { key: 'recipient', header: 'Recipient', className: styles.wrapCell, render: (c) => c.recipient_name || '—' },
    { key: 'issued', header: 'Issued', render: (c) => formatDateTime(c.date_issued) },
    {
      key: 'order',
      header: 'Sold On',
      className: styles.wrapCell,
      render: (c) => (c.sold_on ? <OrderAt order={c.sold_on} /> : '—'),
    },
  ];

  const data = list.data;
  return (
    <section aria-labelledby="gift-list-title" className={styles.list}>
      <h2 id="gift-list-title" className={styles.subtitle}>
        All gift certificates
      </h2>
      <form className={styles.lookup} onSubmit={submit} role="search" aria-label="Search gift certificates">
        <TextField
          label="Search code or recipient"
          value={typed}
          maxLength={64}
          onChange={(e) => setTyped(e.target.value)}
          className={styles.codeInput}
        />
        <Button type="submit" variant="secondary" disabled={!online}>
          Search
        </Button>
      </form>
      {!online ? (
        <p className={styles.note} role="status">
          {GIFT_LIST_OFFLINE}
        </p>
      ) : list.isError && !data ? (
        <ErrorState
          message={list.error instanceof ApiError ? list.error.message : 'The gift certificates could not be loaded.'}
        >
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </ErrorState>
      ) : !data ? (
        <Spinner label="Loading gift certificates" />
      ) : data.certificates.length === 0 ? (
        <EmptyState title="There are no results." />
      ) : (
        <>
          <DataTable caption="Gift certificates" columns={columns} rows={data.certificates} rowKey={(c) => c.code} />
          <Pagination
            page={data.page}
            totalPages={Math.ceil(data.total / data.limit)}
            onPageChange={onPage}
            disabled={list.isFetching}
            label="Gift certificate pages"
          />
        </>
      )}
    </section>
  );
}
