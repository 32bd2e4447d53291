/**
 * One gift certificate: issued amount, balance, recipient, the order that sold it and its history
 * (GET /api/gift_certificate/info). When the server cannot be asked (offline, or the call never got
 * there) it shows this device's copy (status, issued amount, balance) and says the history needs
 * the network (src/db/gift-certificates.ts).
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { giftCertificateQueryOptions } from '../../api/gift-certificates';
import {
  GIFT_NOT_ON_DEVICE,
  GIFT_OFFLINE_NOTE,
  type GiftHistoryRow,
  type GiftInfoReply,
} from '../../contracts/gift-certificate';
import { findDeviceGiftCertificate } from '../../db/gift-certificates';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { useOnline } from '../../device/use-online';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format-date';
import { Money } from '../../ui/money';
import { Spinner } from '../../ui/spinner';
import { DataTable, type Column } from '../../ui/table/data-table';
import { GiftStatus, OrderAt } from './gift-parts';
import styles from './gift-certificates.module.css';

const KIND: Record<GiftHistoryRow['kind'], string> = {
  issued: 'Issued',
  redeemed: 'Redeemed',
  redemption_voided: 'Payment voided (given back)',
  voided: 'Voided with its sale',
};

export function GiftCertificateDetail({ code, onClose }: { code: string; onClose: () => void }) {
  const online = useOnline();
  const info = useQuery({ ...giftCertificateQueryOptions(code), enabled: online });
  const unreachable = !online || (info.error instanceof ApiError ? info.error.isNetwork : info.isError);
  const titleId = 'gift-detail-title';
  return (
    <section aria-labelledby={titleId} className={styles.detail}>
      <div className={styles.detailHeader}>
        <h2 id={titleId} className={styles.subtitle}>
          Gift certificate {code}
        </h2>
        <Button variant="ghost" onClick={onClose} aria-label={`Close gift certificate ${code}`}>
          Close
        </Button>
      </div>
      {unreachable ? (
        <DeviceCopy code={code} />
      ) : info.isError ? (
        <ErrorState message={info.error.message} />
      ) : !info.data ? (
        <Spinner label="Looking up the gift certificate" />
      ) : (
        <ServerCopy reply={info.data} />
      )}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([k, v]) => (
        <div key={k} className={styles.fact}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function ServerCopy({ reply }: { reply: GiftInfoReply }) {
  const c = reply.certificate;
  const columns: Column<GiftHistoryRow>[] = [
    { key: 'date', header: 'Date', render: (h) => formatDateTime(h.date) },
    { key: 'kind', header: 'Event', render: (h) => KIND[h.kind] },
    {
      key: 'amount',
      header: 'Amount',
      render: (h) =>
        h.kind === 'voided' ? (
          '—'
        ) : (
          <>
            {h.kind === 'redeemed' ? '−' : '+'}
            <Money amount={h.amount} />
          </>
        ),
    },
    { key: 'balance', header: 'Balance', render: (h) => <Money amount={h.balance} /> },
    {
      key: 'order',
      header: 'Order',
      className: styles.wrapCell,
      render: (h) => (h.order ? <OrderAt order={h.order} /> : '—'),
    },
  ];
  return (
    <>
      <Facts
        rows={[
          ['Status', <GiftStatus key="s" status={c.status} />],
          ['Balance', <Money key="b" amount={c.balance} className={styles.balance} />],
          ['Amount issued', <Money key="a" amount={c.original_amount} />],
          ['Issued', formatDateTime(c.date_issued)],
          ['Recipient', [c.recipient_name, c.recipient_email].filter(Boolean).join(' · ') || '—'],
          ['Sold on', c.sold_on ? <OrderAt key="o" order={c.sold_on} /> : '—'],
          ...(c.message ? ([['Message', c.message]] as [string, string][]) : []),
        ]}
      />
      <h3 className={styles.historyTitle}>History</h3>
      <DataTable
        caption={`History of gift certificate ${c.code}`}
        columns={columns}
        rows={reply.history}
        rowKey={(h) => `${h.kind}-${h.transaction_id ?? ''}-${h.date}`}
      />
    </>
  );
}

function DeviceCopy({ code }: { code: string }) {
  const copy = useLiveQuery(() => findDeviceGiftCertificate(deviceDb(), code), [code]);
  if (copy.loading) return <Spinner label="Looking up the gift certificate" />;
  if (!copy.data)
    return (
      <p className={styles.note} role="status">
        {GIFT_NOT_ON_DEVICE}
      </p>
    );
  const c = copy.data;
  return (
    <>
      <p className={styles.note} role="status">
        {GIFT_OFFLINE_NOTE}
      </p>
      <Facts
        rows={[
          ['Status', <GiftStatus key="s" status={c.status} />],
          ['Balance', <Money key="b" amount={c.balance} className={styles.balance} />],
          ['Amount issued', <Money key="a" amount={c.original_amount} />],
          ['Recipient', c.recipient_name || '—'],
        ]}
      />
    </>
  );
}
