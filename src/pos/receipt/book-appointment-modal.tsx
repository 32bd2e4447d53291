import { useEffect, useState } from 'react';
import { cachedAppointmentLists, getAppointmentData } from '../../api/appointments';
import { deviceSlotClash } from '../../db/appointment-clash';
import { deviceDb } from '../../device/device-db';
import { useOnline } from '../../device/use-online';
import type { RunMutation } from '../../device/use-run-mutation';
import type { AppointmentData } from '../../contracts/appointments';
import { uuidv7 } from '../../db/ids';
import { SCHEDULE_APPOINTMENT_SUCCESS_TOAST_MS } from '../../domain/constants';
import {
  APPOINTMENT_FAILED,
  appointmentFormSchema,
  baysForLocation,
  durationOptions,
  preselect,
  startTimeOptions,
} from '../../domain/forms/appointment';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import styles from './receipt.module.css';

export const APPOINTMENT_BOOKED = 'The appointment was booked.';
export const APPOINTMENT_QUEUED = 'The appointment is saved on this device and booked when the server can be reached.';
const NEEDS_SERVER_ONCE = 'The booking form needs the server once to learn the bays and installers.';

type Data = Omit<AppointmentData, 'customerId' | 'customerRef' | 'orderRef' | 'userId'> &
  Partial<Pick<AppointmentData, 'customerRef'>>;

const today = () => new Date().toLocaleDateString('en-CA');

/**
 * Book Appointment (pos-back-office.md §2 receipt, §3, §4, §5): the form's options from
 * getAppointmentData (the shop-wide lists cached for offline use), single options preselected, bays
 * filtered by location, start times on the slot grid, durations 15-480. Saving runs the domain's
 * appointment.book through the device's outbox: applied at once, pushed when online; the server
 * re-checks the slot and a clash comes back as a conflict naming both appointments.
 */
export function BookAppointmentModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  orderRef: string | number;
  orderUuid: string;
  customerRef: string;
  run: RunMutation;
}) {
  const online = useOnline();
  const toast = useToast();
  const [data, setData] = useState<Data | null>(null);
  const slot = data?.timeSlotLength ?? 15;
  const form = useZodForm(appointmentFormSchema(slot), {
    products: [] as number[],
    installers: [] as number[],
    location: '',
    bay: '',
    startDate: today(),
    startTime: '',
    duration: '',
    status: '',
    note: '',
    vehicle: null as string | null,
    notifyCustomer: false,
  });
  const { getValues, reset, setValue } = form;
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!props.open) return;
    const ctl = new AbortController();
    const apply = (d: Data) => {
      setData(d);
      const slot = d.timeSlotLength;
      const loc = preselect(d.locations)?.location_id ?? null;
      const x = getValues();
      reset({
        ...x,
        products: d.products.length === 1 ? [d.products[0]!.product_id] : x.products,
        installers: d.installers.length === 1 ? [d.installers[0]!.user_id] : x.installers,
        location: loc !== null ? String(loc) : x.location,
        bay: String(preselect(baysForLocation(d.bays, loc))?.bay_id ?? x.bay),
        status: String(preselect(d.statuses)?.status_id ?? d.statuses[0]?.status_id ?? ''),
        duration: x.duration || String(durationOptions(slot)[0] ?? 60),
        startTime: x.startTime || (startTimeOptions(slot).find((t) => t >= '09:00') ?? ''),
        vehicle: d.vehicles.length === 1 ? String(d.vehicles[0]!.vehicle_id) : x.vehicle,
      });
    };
    const offline = () => {
      const cached = cachedAppointmentLists();
      if (cached) apply({ ...cached, products: [], vehicles: [] });
      else setLoadError(NEEDS_SERVER_ONCE);
    };
    if (!online) offline();
    else getAppointmentData(props.orderRef, ctl.signal).then(apply, () => (ctl.signal.aborted ? undefined : offline()));
    return () => ctl.abort();
  }, [props.open, props.orderRef, online, getValues, reset]);

  const v = form.watch();
  const bays = data ? baysForLocation(data.bays, v.location ? Number(v.location) : null) : [];
  const toggle = (key: 'products' | 'installers', id: number) => {
    const ids = getValues(key);
    setValue(key, ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]);
  };

  const save = form.handleSubmit(async (f) => {
    const id = uuidv7();
    // A clash this device can already see is said now, not at sync (the server still decides).
    const clash = await deviceSlotClash(deviceDb(), {
      id,
      bay_id: f.bay,
      installers: f.installers,
      start_date: f.startDate,
      start_time: f.startTime,
      duration: f.duration,
      status_id: f.status,
    });
    if (clash) {
      toast.error(clash);
      return;
    }
    const ok = await props.run(
      'appointment.book',
      {
        id,
        customer_ref: props.customerRef,
        order_ref: props.orderUuid,
        products: f.products,
        installers: f.installers,
        location: f.location,
        bay: f.bay,
        startDate: f.startDate,
        startTime: f.startTime,
        duration: f.duration,
        status: f.status,
        note: f.note,
        vehicle: f.vehicle,
        notifyCustomer: f.notifyCustomer,
      },
      { failure: APPOINTMENT_FAILED },
    );
    if (!ok) return;
    toast.success(online ? APPOINTMENT_BOOKED : APPOINTMENT_QUEUED, {
      duration: SCHEDULE_APPOINTMENT_SUCCESS_TOAST_MS,
    });
    props.onOpenChange(false);
  });

  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Book Appointment"
      footer={
        <ModalFooter
          onCancel={() => props.onOpenChange(false)}
          onSave={() => void save()}
          saveLabel="Save"
          disabled={!data}
        />
      }
    >
      {!data ? (
        <p className={styles.small}>{loadError ?? 'Loading...'}</p>
      ) : (
        <div className={styles.apptForm}>
          {data.ymmEnabled && data.vehicles.length > 0 && (
            <SelectField
              label="Vehicle"
              {...form.register('vehicle', { setValueAs: (id: string | null) => (id === '' ? null : id) })}
            >
              <option value="">No vehicle</option>
              {data.vehicles.map((x) => (
                <option key={x.vehicle_id} value={x.vehicle_id}>
                  {x.display}
                </option>
              ))}
            </SelectField>
          )}
          {data.products.length > 0 && (
            <fieldset className={styles.apptChoices}>
              <legend>Products</legend>
              {data.products.map((p) => (
                <label key={p.product_id}>
                  <input
                    type="checkbox"
                    checked={v.products.includes(p.product_id)}
                    onChange={() => toggle('products', p.product_id)}
                  />{' '}
                  {p.name}
                </label>
              ))}
            </fieldset>
          )}
          <fieldset className={styles.apptChoices}>
            <legend>Installers</legend>
            {data.installers.map((i) => (
              <label key={i.user_id}>
                <input
                  type="checkbox"
                  checked={v.installers.includes(i.user_id)}
                  onChange={() => toggle('installers', i.user_id)}
                />{' '}
                {i.wholename}
              </label>
            ))}
          </fieldset>
          <SelectField
            label="Location"
            {...form.field('location', {
              onChange: (e: { target: { value: string } }) =>
                setValue('bay', String(preselect(baysForLocation(data.bays, Number(e.target.value)))?.bay_id ?? '')),
            })}
          >
            <option value="">Select a location</option>
            {data.locations.map((l) => (
              <option key={l.location_id} value={l.location_id}>
                {l.location_name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Bay" {...form.field('bay')}>
            <option value="">Select a bay</option>
            {bays.map((b) => (
              <option key={b.bay_id} value={b.bay_id}>
                {b.title}
              </option>
            ))}
          </SelectField>
          <TextField label="Start Date" type="date" {...form.field('startDate')} />
          <SelectField label="Start Time" {...form.field('startTime')}>
            {startTimeOptions(slot).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <SelectField label="Duration (minutes)" {...form.field('duration')}>
            {durationOptions(slot).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" {...form.field('status')}>
            {data.statuses.map((s) => (
              <option key={s.status_id} value={s.status_id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <TextField label="Note" maxLength={1000} {...form.register('note')} />
          <label className={styles.apptCheck}>
            <input type="checkbox" {...form.register('notifyCustomer')} /> Notify Customer
          </label>
        </div>
      )}
    </Modal>
  );
}
