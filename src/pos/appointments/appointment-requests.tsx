import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appointmentRequestsQueryOptions, setAppointmentRequestStatus } from '../../api/custom-forms';
import type { AppointmentRequest } from '../../contracts/schedule-appointment';
import { useOnline } from '../../device/use-online';
import { Button } from '../../ui/button';
import { useToast } from '../../ui/toast/toast-context';
import styles from './appointments.module.css';

const STATUS_TEXT: Record<AppointmentRequest['status'], string> = {
  requested: 'Requested: not booked',
  booked: 'Booked by staff',
  dismissed: 'Dismissed',
};

/**
 * The storefront's schedule-appointment requests for this day and location (storefront.md §2;
 * docs/decisions/storefront.md "Custom forms"): a request is not an appointment, so it blocks no
 * bay. Staff call the shopper, book it with Book Appointment, then mark it booked, or dismiss it.
 * Read from the server (requests are not in the device store): offline, a line says so.
 */
export function AppointmentRequests({ date, locationId }: { date: string; locationId: number }) {
  const online = useOnline();
  const toast = useToast();
  const client = useQueryClient();
  const options = appointmentRequestsQueryOptions(date, locationId);
  const requests = useQuery({ ...options, enabled: online });
  const mark = useMutation({
    mutationFn: (v: { id: string; status: 'booked' | 'dismissed' }) => setAppointmentRequestStatus(v.id, v.status),
    onSuccess: () => client.invalidateQueries({ queryKey: options.queryKey }),
    onError: (err) => toast.error(err.message),
  });

  if (!online)
    return <p className={styles.muted}>Appointment requests from the storefront show when this device is online.</p>;
  const list = requests.data?.requests ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.requests} aria-labelledby="appt-requests-title">
      <h2 id="appt-requests-title">Appointment requests ({list.length})</h2>
      <ul className={styles.requestList}>
        {list.map((r) => (
          <li key={r.id} className={styles.request} data-status={r.status}>
            <div>
              <strong>
                {r.preferred_time} {r.name}
              </strong>{' '}
              <span className={styles.muted}>{STATUS_TEXT[r.status]}</span>
            </div>
            <div>
              <a href={`tel:${r.phone}`}>{r.phone}</a> · <a href={`mailto:${r.email}`}>{r.email}</a>
            </div>
            {r.vehicle && <div>Vehicle: {r.vehicle}</div>}
            {r.message && <div className={styles.muted}>{r.message}</div>}
            {r.status === 'requested' && (
              <div className={styles.requestActions}>
                <Button
                  variant="secondary"
                  disabled={mark.isPending}
                  onClick={() => mark.mutate({ id: r.id, status: 'booked' })}
                >
                  Mark Booked
                </Button>
                <Button
                  variant="ghost"
                  disabled={mark.isPending}
                  onClick={() => mark.mutate({ id: r.id, status: 'dismissed' })}
                >
                  Dismiss
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
