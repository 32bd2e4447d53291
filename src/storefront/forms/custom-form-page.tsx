import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { customFormQueryOptions } from '../../api/custom-forms';
import type { PostSubmissionReply } from '../../contracts/custom-forms';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { CustomForm } from './custom-form';
import styles from './forms.module.css';

const ScheduleAppointmentModal = lazy(() =>
  import('./schedule-appointment-modal').then((m) => ({ default: m.ScheduleAppointmentModal })),
);

/**
 * A custom form page, /forms/{slug} (storefront.md §2 "Custom form pages": heading, fields,
 * optional captcha, submit button; after success a thank-you message or a redirect). The path is
 * ours: docs/decisions/storefront.md "Custom forms". A form may show the Schedule Appointment
 * button under it.
 */
export function CustomFormPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const form = useQuery({ ...customFormQueryOptions(slug), retry: false });
  const [done, setDone] = useState<PostSubmissionReply | null>(null);
  const [scheduling, setScheduling] = useState(false);

  if (form.isPending) return <Spinner label="Loading the form..." />;
  if (form.isError)
    return (
      <section className={styles.page}>
        <h1 className={styles.heading}>Form not found</h1>
        <p role="alert">{form.error.message}</p>
      </section>
    );
  const f = form.data;
  const heading = f.form_data.heading_text || 'Contact Us';
  const onDone = (reply: PostSubmissionReply) => {
    if (reply.redirect) void navigate(reply.redirect);
    else setDone(reply);
  };

  return (
    <section className={styles.page} aria-labelledby="custom-form-heading">
      <h1 id="custom-form-heading" className={styles.heading}>
        {heading}
      </h1>
      {done ? (
        <p className={styles.thanks} role="status">
          {done.success}
        </p>
      ) : (
        <CustomForm form={f} query={query} onDone={onDone} />
      )}
      {f.form_data.schedule_appointment && (
        <div className={styles.schedule}>
          <Button variant="secondary" onClick={() => setScheduling(true)}>
            Schedule Appointment
          </Button>
          {scheduling && (
            <Suspense fallback={null}>
              <ScheduleAppointmentModal open={scheduling} onOpenChange={setScheduling} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
