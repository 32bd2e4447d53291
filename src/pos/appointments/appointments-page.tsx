import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_UPDATE_QUEUED, APPOINTMENT_UPDATED } from '../../contracts/appointments';
import { deviceSlotClash } from '../../db/appointment-clash';
import { appointmentDay, type DeviceDay, type DeviceDayAppointment } from '../../db/appointment-day';
import { durationOptions, isValidDate, startTimeOptions } from '../../domain/forms/appointment';
import { APPOINTMENT_CANCELLED } from '../../domain/mutations/appointment';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { useOnline } from '../../device/use-online';
import { useRunMutation } from '../../device/use-run-mutation';
import { Button } from '../../ui/button';
import { EmptyState, ErrorState } from '../../ui/empty-state';
import { SelectField, TextField } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import { Options } from '../../ui/options';
import { PageHeader } from '../../ui/page-header';
import styles from './appointments.module.css';
import { AppointmentRequests } from './appointment-requests';

const today = () => new Date().toLocaleDateString('en-CA');

/**
 * /pos/appointments: a location's bays side by side for one date, each with its appointments
 * (time, customer, vehicle, installers, status). Staff change the status, move a booking (bay,
 * date, start time and how long it takes: a customer asks for Thursday instead, a job runs long)
 * or cancel it. Read from the device store, so it works offline; every change is a
 * mutation through the outbox (appointment.setStatus, .move, .cancel). The server re-checks the slot
 * when the change reaches it; a clash comes back as a conflict naming both appointments
 * (docs/decisions/appointments.md "Day view on the device").
 */
export function AppointmentsPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? today();
  // The first location (ids start at 1) until one is chosen; the reply lists them all for the select.
  const location = Number(params.get('location_id')) || 1;
  const day = useLiveQuery(() => appointmentDay(deviceDb(), location, date), [location, date]);
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    next.set(k, v);
    setParams(next);
  };
  const data = day.data;
  return (
    <section aria-labelledby="appts-title">
      <PageHeader titleId="appts-title" title="Appointments" classNames={styles}>
        <SelectField label="Location" value={String(location)} onChange={(e) => set('location_id', e.target.value)}>
          <Options items={data?.locations ?? []} value={(l) => l.location_id} label={(l) => l.location_name} />
        </SelectField>
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(e) => e.target.value && set('date', e.target.value)}
        />
      </PageHeader>
      <AppointmentRequests date={date} locationId={location} />
      {day.error && !data ? (
        <ErrorState message="The appointments could not be loaded." />
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

function Card({ a, day }: { a: DeviceDayAppointment; day: DeviceDay }) {
  const toast = useToast();
  const run = useRunMutation();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [moveBay, setMoveBay] = useState(String(a.bay_id));
  const [moveTime, setMoveTime] = useState(a.start_time);
  const [moveDate, setMoveDate] = useState(a.start_date);
  const [moveDuration, setMoveDuration] = useState(String(a.duration));
  const durations = durationOptions(day.timeSlotLength);
  // A booking made through the call may last what the form does not offer: keep it selectable.
  if (!durations.includes(a.duration)) durations.push(a.duration);
  const change = (go: () => Promise<boolean>) => {
    setBusy(true);
    void go()
      .then((ok) => ok && toast.success(online ? APPOINTMENT_UPDATED : APPOINTMENT_UPDATE_QUEUED))
      .finally(() => setBusy(false));
  };
  const setStatus = (status: number) =>
    change(() =>
      status === APPOINTMENT_CANCELLED
        ? run('appointment.cancel', { appointment_ref: a.id })
        : run('appointment.setStatus', { appointment_ref: a.id, status }),
    );
  const label = `${a.start_time}-${a.end_time} ${a.customer}`;
  return (
    <article
      className={`${styles.card} ${a.status_id === APPOINTMENT_CANCELLED ? styles.cancelled : ''}`}
      aria-label={label}
    >
      <div className={styles.time}>
        {a.start_time}-{a.end_time}
      </div>
      <div>
        {a.customer}
        {a.order_id !== null && <span className={styles.muted}> · Order # {a.order_id}</span>}
        {a.pending && <span className={styles.muted}> · Not synced yet</span>}
      </div>
      {a.vehicle && <div className={styles.muted}>{a.vehicle}</div>}
      {a.installers.length > 0 && <div className={styles.muted}>Installers: {a.installers.join(', ')}</div>}
      {a.note && <div className={styles.muted}>{a.note}</div>}
      <div className={styles.actions}>
        <SelectField
          label="Status"
          value={String(a.status_id)}
          disabled={busy}
          onChange={(e) => setStatus(Number(e.target.value))}
        >
          {day.statuses.map((s) => (
            <option key={s.status_id} value={s.status_id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        {a.status_id !== APPOINTMENT_CANCELLED && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => setStatus(APPOINTMENT_CANCELLED)}
            aria-label={`Cancel ${label}`}
          >
            Cancel
          </Button>
        )}
      </div>
      {/* Closed by default: four fields on every card pushed a bay's second booking off a tablet's screen. */}
      <details className={styles.move}>
        <summary>Move or reschedule</summary>
        <div className={styles.actions}>
          <SelectField label="Bay" value={moveBay} onChange={(e) => setMoveBay(e.target.value)}>
            {day.bays.map((b) => (
              <option key={b.bay_id} value={b.bay_id}>
                {b.title}
              </option>
            ))}
          </SelectField>
          <TextField label="Date" type="date" value={moveDate} onChange={(e) => setMoveDate(e.target.value)} />
          <SelectField label="Start" value={moveTime} onChange={(e) => setMoveTime(e.target.value)}>
            {startTimeOptions(day.timeSlotLength, a.start_time).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <SelectField label="Duration" value={moveDuration} onChange={(e) => setMoveDuration(e.target.value)}>
            {durations
              .sort((x, y) => x - y)
              .map((d) => (
                <option key={d} value={d}>
                  {d} min
                </option>
              ))}
          </SelectField>
          <Button
            variant="secondary"
            disabled={busy || !isValidDate(moveDate)}
            onClick={() =>
              change(async () => {
                const to = { bay: Number(moveBay), startDate: moveDate, startTime: moveTime };
                const duration = Number(moveDuration);
                // A clash this device can already see is said now, not at sync (the server still decides).
                const clash = await deviceSlotClash(deviceDb(), {
                  id: a.id,
                  bay_id: to.bay,
                  installers: a.installer_ids,
                  status_id: a.status_id,
                  start_date: to.startDate,
                  start_time: to.startTime,
                  duration,
                });
                if (clash) {
                  toast.error(clash);
                  return false;
                }
                return run('appointment.move', { appointment_ref: a.id, ...to, duration });
              })
            }
            aria-label={`Move ${label}`}
          >
            Move
          </Button>
        </div>
      </details>
    </article>
  );
}
