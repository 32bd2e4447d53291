import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/api-error';
import { notificationsQueryOptions, resendNotification, type NotificationsQuery } from '../../api/notifications';
import type { NotificationRow } from '../../contracts/checkout-notifications';
import { NOTIFICATION_SEND_FAILED } from '../../domain/forms/notification';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { SelectField } from '../../ui/field';
import { formatDateTime } from '../../ui/format-date';
import { Spinner } from '../../ui/spinner';
import { DataTable, type Column } from '../../ui/table/data-table';
import { Pagination } from '../../ui/table/pagination';
import { useToast } from '../../ui/toast/toast-context';
import { PageHeader } from '../../ui/page-header';
import { useQueryParams } from '../../ui/use-query-params';
import styles from './notifications.module.css';

const KIND_LABEL: Record<NotificationRow['kind'], string> = {
  receipt: 'Receipt',
  payment_link: 'Payment link',
  product_contact: 'Contact Us',
  order_history: 'Order update',
  appointment: 'Appointment',
  customer_history: 'Customer note',
  form_submission: 'Form',
  appointment_request: 'Appointment request',
};
const STATUS_LABEL: Record<NotificationRow['status'], string> = {
  queued: 'Waiting to retry',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

function statusOf(params: URLSearchParams): NotificationsQuery['status'] {
  const s = params.get('status');
  return STATUSES.find((x) => x === s);
}

/**
 * /pos/notifications: the outbox of every email and text the shop sent (docs/decisions/
 * notifications.md "Durable sending"): status, attempts, the next retry or the reason it failed,
 * and Resend for a failed or waiting message. Admins and cashiers (the server refuses others).
 */
export function NotificationsPage() {
  const [params, set] = useQueryParams();
  const query: NotificationsQuery = { page: Math.max(1, Number(params.get('page')) || 1), status: statusOf(params) };
  const list = useQuery(notificationsQueryOptions(query));
  const toast = useToast();
  const client = useQueryClient();
  const resend = useMutation({
    mutationFn: resendNotification,
    onSuccess: (r) => toast.success(r.success),
    onError: (err) =>
      toast.error(err instanceof ApiError && err.status !== 502 ? err.message : NOTIFICATION_SEND_FAILED),
    onSettled: () => client.invalidateQueries({ queryKey: ['notifications'] }),
  });

  const columns: Column<NotificationRow>[] = [
    { key: 'created', header: 'Created', render: (n) => formatDateTime(n.created_at) },
    {
      key: 'kind',
      header: 'Message',
      render: (n) => (
        <>
          {KIND_LABEL[n.kind]} <span className={styles.muted}>({n.channel === 'email' ? 'Email' : 'Text'})</span>
        </>
      ),
    },
    { key: 'to', header: 'To', className: styles.to, render: (n) => n.to },
    { key: 'subject', header: 'Subject', className: styles.subject, render: (n) => n.subject || n.body.slice(0, 80) },
    {
      key: 'status',
      header: 'Status',
      render: (n) => (
        <>
          <span className={`${styles.status} ${styles[n.status]}`}>{STATUS_LABEL[n.status]}</span>
          {n.status === 'sent' && n.sent_at && <div className={styles.muted}>{formatDateTime(n.sent_at)}</div>}
          {n.status === 'queued' && n.next_attempt_at && (
            <div className={styles.muted}>next try {formatDateTime(n.next_attempt_at)}</div>
          )}
          {n.error && n.status !== 'sent' && <div className={styles.error}>{n.error}</div>}
        </>
      ),
    },
    { key: 'attempts', header: 'Attempts', render: (n) => n.attempts },
    {
      key: 'actions',
      header: 'Actions',
      headerLabel: 'Actions',
      render: (n) =>
        n.status === 'failed' || n.status === 'queued' ? (
          <Button
            variant="secondary"
            disabled={resend.isPending}
            onClick={() => resend.mutate(n.id)}
            aria-label={`Resend to ${n.to}`}
          >
            Resend
          </Button>
        ) : null,
    },
  ];

  const data = list.data;
  return (
    <section aria-labelledby="outbox-title">
      <PageHeader titleId="outbox-title" title="Outbox" classNames={styles}>
        <SelectField
          label="Status"
          value={query.status ?? ''}
          onChange={(e) => set({ status: e.target.value, page: '' })}
        >
          <option value="">All</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
      </PageHeader>
      {data?.adapters && (
        <p className={styles.muted}>
          Email via {data.adapters.email}, texts via {data.adapters.sms}.
        </p>
      )}
      {list.isError && !data ? (
        <ErrorState message={list.error instanceof ApiError ? list.error.message : 'The outbox could not be loaded.'}>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </ErrorState>
      ) : !data ? (
        <Spinner label="Loading the outbox" />
      ) : data.notifications.length === 0 ? (
        <EmptyState title="There are no results." />
      ) : (
        <>
          <DataTable caption="Messages" columns={columns} rows={data.notifications} rowKey={(n) => n.id} />
          <Pagination
            page={data.page}
            totalPages={Math.ceil(data.total_items / data.limit)}
            onPageChange={(p) => set({ page: String(p) })}
            disabled={list.isFetching}
          />
        </>
      )}
    </section>
  );
}
