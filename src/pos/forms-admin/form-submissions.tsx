/** A form's submissions, newest first, 20 a page, with their values (docs/decisions/storefront.md "Custom forms admin"). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getFormSubmissions } from '../../api/forms-admin';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { formatDateTime } from '../../ui/format-date';
import { Pagination } from '../../ui/table/pagination';
import adminPage from '../../ui/admin-page.module.css';
import styles from './forms-admin.module.css';

export function FormSubmissions({ formId, name, onClose }: { formId: number; name: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['custom-forms', 'submissions', formId, page],
    queryFn: ({ signal }) => getFormSubmissions(formId, page, signal),
    placeholderData: keepPreviousData,
  });
  const data = q.data;
  return (
    <section className={adminPage.section} aria-labelledby="submissions-title">
      <h2 id="submissions-title" className={adminPage.sectionTitle}>
        Submissions: {name}
        {data ? ` (${data.total})` : ''}
      </h2>
      {q.isError ? (
        <ErrorState message={q.error.message} />
      ) : !data ? (
        <p role="status">Loading…</p>
      ) : data.total === 0 ? (
        <EmptyState title="No submissions yet." />
      ) : (
        <>
          {data.submissions.map((s) => (
            <article
              key={s.id}
              className={styles.submission}
              aria-label={`Submission of ${formatDateTime(s.created_at)}`}
            >
              <h3>
                {formatDateTime(s.created_at)} · mailed to {s.store || s.recipient}
              </h3>
              <dl className={styles.values}>
                {s.values.map((v, i) => (
                  <div key={i} style={{ display: 'contents' }}>
                    <dt>{v.label}</dt>
                    <dd>{v.value || '—'}</dd>
                  </div>
                ))}
                {s.origin_url ? (
                  <>
                    <dt>Page</dt>
                    <dd>{s.origin_url}</dd>
                  </>
                ) : null}
              </dl>
            </article>
          ))}
          <Pagination
            page={data.page}
            totalPages={Math.ceil(data.total / data.limit)}
            onPageChange={setPage}
            disabled={q.isFetching}
            label="Submission pages"
          />
        </>
      )}
      <Button variant="ghost" onClick={onClose}>
        Close
      </Button>
    </section>
  );
}
