import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { getAppointmentDay, updateAppointment } from '../../api/appointments';
import type { DayAppointment, DayReply } from '../../contracts/appointments';
import { startTimeOptions } from '../../domain/forms/appointment';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { SelectField, TextField } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import styles from './appointments.module.css';

const CANCELLED = 5;
const today = () => new Date().toLocaleDateString('en-CA');

/**
 * /pos/appointments: a location's bays side by side for one date, each with its appointments
 * (time, customer, vehicle, installers, status). Staff change the status, move a booking (bay and
 * start time; the server re-checks the slot and names a clash) or cancel it. Online: the bookings
 * are read from the server (docs/decisions/appointments.md "Day view").
 */
export function AppointmentsPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? today();
  // The first location (ids start at 1) until one is chosen; the reply lists them all for the select.
  const location = Number(params.get('location_id')) || 1;
  const day = useQuery({
    queryKey: ['appointment-day', location, date],
    queryFn: ({ signal }) => getAppointmentDay(location, date, signal),
  });
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    next.set(k, v);
    setParams(next);
  };
  const data = day.data;
  return (
    <section aria-labelledby="appts-title">
      <div className={styles.header}>
        <h1 id="appts-title" className={styles.title}>
          Appointments
        </h1>
        <SelectField label="Location" value={String(location)} onChange={(e) => set('location_id', e.target.value)}>
          {data?.locations.map((l) => (
            <option key={l.location_id} value={l.location_id}>
              {l.location_name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(e) => e.target.value && set('date', e.target.value)}
        />
      </div>
      {day.isError && !data ? (
        <ErrorState
          message={day.error instanceof ApiError ? day.error.message : 'The appointments could not be loaded.'}
        />
      ) : !data ? (
        <Spinner label="Loading the appointments" />
      ) : data.bays.length === 0 ? (
        <EmptyState title="There are no results." />
      ) : (
        <div className={styles.grid}>
          {data.bays.map((b) => {
            const list = data.appointments.filter((a) => a.bay_id === b.bay_id);
            return (
              <section key={b.bay_id} className={styles.bay} aria-labelledby={`bay-${b.bay_id}`}>
                <h2 id={`bay-${b.bay_id}`}>{b.title}</h2>
                {list.length === 0 ? (
                  <p className={styles.muted}>No appointments.</p>
                ) : (
                  list.map((a) => <Card key={a.id} a={a} day={data} />)
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

function Card({ a, day }: { a: DayAppointment; day: DayReply }) {
  const toast = useToast();
  const client = useQueryClient();
  const [moveBay, setMoveBay] = useState(String(a.bay_id));
  const [moveTime, setMoveTime] = useState(a.start_time);
  const change = useMutation({
    mutationFn: updateAppointment,
    onSuccess: (r) => toast.success(r.success),
    onError: (err) =>
      toast.error(err instanceof ApiError ? err.message : 'The appointment could not be updated.', { duration: 8000 }),
    onSettled: () => client.invalidateQueries({ queryKey: ['appointment-day'] }),
  });
  const label = `${a.start_time}-${a.end_time} ${a.customer}`;
  return (
    <article className={`${styles.card} ${a.status_id === CANCELLED ? styles.cancelled : ''}`} aria-label={label}>
      <div className={styles.time}>
        {a.start_time}-{a.end_time}
      </div>
      <div>
        {a.customer}
        {a.order_id !== null && <span className={styles.muted}> · Order # {a.order_id}</span>}
      </div>
      {a.vehicle && <div className={styles.muted}>{a.vehicle}</div>}
      {a.installers.length > 0 && <div className={styles.muted}>Installers: {a.installers.join(', ')}</div>}
      {a.note && <div className={styles.muted}>{a.note}</div>}
      <div className={styles.actions}>
        <SelectField
          label="Status"
          value={String(a.status_id)}
          disabled={change.isPending}
          onChange={(e) => change.mutate({ id: a.id, status_id: Number(e.target.value) })}
        >
          {day.statuses.map((s) => (
            <option key={s.status_id} value={s.status_id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        {a.status_id !== CANCELLED && (
          <Button
            variant="secondary"
            disabled={change.isPending}
            onClick={() => change.mutate({ id: a.id, status_id: CANCELLED })}
            aria-label={`Cancel ${label}`}
          >
            Cancel
          </Button>
        )}
      </div>
      <div className={styles.actions}>
        <SelectField label="Bay" value={moveBay} onChange={(e) => setMoveBay(e.target.value)}>
          {day.bays.map((b) => (
            <option key={b.bay_id} value={b.bay_id}>
              {b.title}
            </option>
          ))}
        </SelectField>
        <SelectField label="Start" value={moveTime} onChange={(e) => setMoveTime(e.target.value)}>
          {startTimeOptions(day.timeSlotLength).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          disabled={change.isPending}
          onClick={() => change.mutate({ id: a.id, bay_id: Number(moveBay), start: `${a.start_date} ${moveTime}` })}
          aria-label={`Move ${label}`}
        >
          Move
        </Button>
      </div>
    </article>
  );
}
