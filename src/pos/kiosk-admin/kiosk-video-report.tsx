/**
 * The splash video views (POST /tool/kiosk/video) per video and per day for a period, the shop's
 * days (docs/decisions/storefront.md "Kiosk settings and video report"). What is stored is a turn
 * with its start, end and how it ended, so the report shows plays, completions, stalls, errors and
 * time watched; the last 30 days by default.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getKioskVideoReport } from '../../api/kiosk-admin';
import type { KioskVideoReport } from '../../contracts/kiosk-admin';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { TextField } from '../../ui/field';
import tableStyles from '../../ui/table/table.module.css';
import adminPage from '../../ui/admin-page.module.css';
import styles from './kiosk-admin.module.css';

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatSeconds(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

type Counts = Pick<KioskVideoReport['days'][number], 'plays' | 'completed' | 'stalled' | 'errors' | 'seconds'>;

/** The number columns both tables show, in order. */
const COUNT_COLUMNS: readonly { label: string; value: (c: Counts) => string | number }[] = [
  { label: 'Plays', value: (c) => c.plays },
  { label: 'Completed', value: (c) => c.completed },
  { label: 'Stalled', value: (c) => c.stalled },
  { label: 'Errors', value: (c) => c.errors },
  { label: 'Time watched', value: (c) => formatSeconds(c.seconds) },
];

function CountHeads() {
  return COUNT_COLUMNS.map((col) => (
    <th key={col.label} scope="col" className={styles.numbers}>
      {col.label}
    </th>
  ));
}

function CountCells({ counts }: { counts: Counts }) {
  return COUNT_COLUMNS.map((col) => (
    <td key={col.label} className={styles.numbers}>
      {col.value(counts)}
    </td>
  ));
}

function Totals({ report }: { report: KioskVideoReport }) {
  return (
    <div className={tableStyles.wrap}>
      <table className={tableStyles.table}>
        <caption className="visually-hidden">Views per video</caption>
        <thead>
          <tr>
            <th scope="col">Video</th>
            <CountHeads />
            <th scope="col" className={styles.numbers}>
              Average
            </th>
          </tr>
        </thead>
        <tbody>
          {report.videos.map((v) => (
            <tr key={v.video_id}>
              <td>
                {v.title || v.video_id}
                {v.title ? <span className="visually-hidden"> ({v.video_id})</span> : null}
              </td>
              <CountCells counts={v} />
              <td className={styles.numbers}>{formatSeconds(Math.round(v.seconds / Math.max(1, v.plays)))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PerDay({ report }: { report: KioskVideoReport }) {
  const title = new Map(report.videos.map((v) => [v.video_id, v.title || v.video_id]));
  return (
    <details>
      <summary>By day</summary>
      <div className={tableStyles.wrap}>
        <table className={tableStyles.table}>
          <caption className="visually-hidden">Views per video and day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Video</th>
              <CountHeads />
            </tr>
          </thead>
          <tbody>
            {report.days.map((d) => (
              <tr key={`${d.day}-${d.video_id}`}>
                <td>{d.day}</td>
                <td>{title.get(d.video_id)}</td>
                <CountCells counts={d} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function KioskVideoReportSection() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const q = useQuery({
    queryKey: ['kiosk', 'video-report', from, to],
    queryFn: ({ signal }) => getKioskVideoReport(from, to, signal),
    placeholderData: keepPreviousData,
  });
  const report = q.data;
  return (
    <section className={adminPage.section} aria-labelledby="kiosk-report-title">
      <h2 id="kiosk-report-title" className={adminPage.sectionTitle}>
        Kiosk video views
      </h2>
      <div className={styles.row}>
        <TextField
          label="From"
          type="date"
          value={from || report?.from || ''}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField label="To" type="date" value={to || report?.to || ''} onChange={(e) => setTo(e.target.value)} />
      </div>
      {q.isError ? (
        <ErrorState message={q.error.message} />
      ) : !report ? (
        <p role="status">Loading…</p>
      ) : report.videos.length === 0 ? (
        <EmptyState title={`No kiosk video was played from ${report.from} to ${report.to}.`} />
      ) : (
        <>
          <Totals report={report} />
          <PerDay report={report} />
        </>
      )}
    </section>
  );
}
