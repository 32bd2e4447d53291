/**
 * The History tab's table (pos-back-office.md §3 "Customer history entry: date_added, comment,
 * image"): read from this device (entries queued here show at once, with the picture staged here
 * until the server has it, then the server's thumbnail), 10 a page, oldest first with a toggle
 * (§9), "No results!" when there are none (§8).
 */
import { useEffect, useMemo, useState } from 'react';
import type { CustomerHistory } from '../../../domain/mutations/records';
import { customerHistoryPage } from '../../../db/customer-history';
import { deviceDb } from '../../../device/device-db';
import { useLiveQuery } from '../../../device/use-live-query';
import { EmptyState, ErrorState } from '../../../ui/empty-state';
import { formatDateTime } from '../../../ui/format-date';
import { Spinner } from '../../../ui/spinner';
import { DataTable, type Column } from '../../../ui/table/data-table';
import { Pagination } from '../../../ui/table/pagination';
import type { SortState } from '../../../ui/table/sort';
import styles from './history-tab.module.css';

const PAGE_SIZE = 10;

const serverImage = (id: string, size: 'thumb' | 'full') =>
  `/api/customer_history/image?id=${id}${size === 'thumb' ? '&size=thumb' : ''}`;

/** Object URLs of the staged pictures, revoked when they change or the table goes. */
function useObjectUrls(blobs: Map<string, Blob> | undefined): Map<string, string> {
  const urls = useMemo(
    () => new Map([...(blobs ?? new Map<string, Blob>())].map(([id, b]) => [id, URL.createObjectURL(b)])),
    [blobs],
  );
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

function Picture({ row, local }: { row: CustomerHistory; local: string | undefined }) {
  if (!row.image) return null;
  const alt = `Picture ${row.image.name}`;
  if (local) {
    return (
      <>
        <img className={styles.thumb} src={local} alt={alt} />
        <span className={styles.pending}>Not uploaded yet</span>
      </>
    );
  }
  return (
    <a className={styles.thumbLink} href={serverImage(row.id, 'full')} target="_blank" rel="noreferrer">
      <img className={styles.thumb} src={serverImage(row.id, 'thumb')} alt={alt} loading="lazy" />
    </a>
  );
}

export function HistoryList({ customerRef }: { customerRef: string }) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState<'date_added'>>({ key: 'date_added', direction: 'asc' });
  const found = useLiveQuery(
    () => customerHistoryPage(deviceDb(), customerRef, { page, limit: PAGE_SIZE, order: sort.direction }),
    [customerRef, page, sort.direction],
  );
  const urls = useObjectUrls(found.data?.staged);
  const columns: Column<CustomerHistory, 'date_added' | 'comment' | 'image'>[] = [
    { key: 'date_added', header: 'Date Added', sortable: true, render: (r) => formatDateTime(r.date_added) },
    { key: 'comment', header: 'Comment', render: (r) => <span className={styles.comment}>{r.comment}</span> },
    { key: 'image', header: 'Image', render: (r) => <Picture row={r} local={urls.get(r.id)} /> },
  ];

  if (found.error) return <ErrorState message="Something went wrong!" />;
  if (!found.data) return <Spinner label="Loading history…" />;
  const totalPages = Math.max(1, Math.ceil(found.data.total / PAGE_SIZE));
  if (found.data.total === 0) return <EmptyState title="No results!" />;
  return (
    <>
      <DataTable
        caption="Customer history"
        columns={columns}
        rows={found.data.rows}
        rowKey={(r) => r.id}
        sort={sort}
        onSortChange={(s) => (setSort({ key: 'date_added', direction: s.direction }), setPage(1))}
      />
      <Pagination
        page={Math.min(page, totalPages)}
        totalPages={totalPages}
        onPageChange={setPage}
        disabled={found.loading}
        label="History pages"
      />
    </>
  );
}
