import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { formLocationsQueryOptions, scheduleAppointment } from '../../api/custom-forms';
import { REQUEST_SENT, scheduleAppointmentRequestSchema } from '../../contracts/schedule-appointment';
import { CAPTCHA_NEEDED } from '../../domain/forms/captcha';
import { maskPhone } from '../../domain/phone';
import { CaptchaCheck } from '../../features/captcha/captcha-check';
import { useMarketing } from '../../features/marketing/track';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import styles from './forms.module.css';

/** storefront.md §8: 'Request sent successfully!' toast (5 s). */
const SENT_TOAST_MS = 5000;

type Fields = 'name' | 'email' | 'phone' | 'vehicle' | 'date' | 'time' | 'location_id' | 'message' | 'captchaInput';
const EMPTY: Record<Fields, string> = {
  name: '',
  email: '',
  phone: '',
  vehicle: '',
  date: '',
  time: '',
  location_id: '',
  message: '',
  captchaInput: '',
};
const formSchema = scheduleAppointmentRequestSchema.extend({
  captchaInput: z.string().trim().min(1, CAPTCHA_NEEDED),
});

export interface ScheduleAppointmentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The schedule appointment modal (storefront.md §2, §7 information/schedule_appointment, §8): the
 * shopper asks for a day and time at a store; on success a 'Request sent successfully!' toast for
 * 5 s (and the marketing `contact` event), on failure the server's error in the alert area. It is
 * a request: staff book it from the POS appointments day view (docs/decisions/storefront.md
 * "Custom forms").
 */
export function ScheduleAppointmentModal({ open, onOpenChange }: ScheduleAppointmentModalProps) {
  const toast = useToast();
  const marketing = useMarketing();
  const stores = useQuery({ ...formLocationsQueryOptions, enabled: open });
  const form = useZodForm(formSchema, EMPTY);
  const { setValue, setError } = form;
  const [alert, setAlert] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const captchaInput = form.watch('captchaInput');

  const submit = form.handleSubmit(async (data) => {
    setAlert(null);
    try {
      await scheduleAppointment(data);
      marketing.contact(null, String(data.location_id), { name: 'schedule_appointment' });
      toast.success(REQUEST_SENT, { duration: SENT_TOAST_MS });
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (err) {
      setValue('captchaInput', '');
      if (err instanceof ApiError)
        for (const [k, v] of Object.entries(err.fields))
          if (v[0] && k in EMPTY) setError(k as Fields, { message: v[0] });
      setAlert(err instanceof Error ? err.message : String(err));
    }
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Schedule Appointment"
      description="Ask for a day and time; the store confirms your appointment."
      focusFirstField
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="submit" form="schedule-appointment-form" disabled={busy}>
            {busy ? 'Submitting...' : 'Request Appointment'}
          </Button>
        </>
      }
    >
      <form id="schedule-appointment-form" className={styles.modalForm} onSubmit={(e) => void submit(e)} noValidate>
        {alert && (
          <p className={styles.alert} role="alert">
            {alert}
          </p>
        )}
        <TextField label="Name *" autoComplete="name" {...form.field('name')} />
        <TextField label="Email *" type="email" autoComplete="email" {...form.field('email')} />
        <TextField
          label="Phone Number *"
          type="tel"
          autoComplete="tel"
          placeholder="(###) ###-####"
          {...form.field('phone', {
            onChange: (e: { target: { value: string } }) => setValue('phone', maskPhone(e.target.value)),
          })}
        />
        <TextField label="Vehicle" placeholder="Year, make, model" {...form.field('vehicle')} />
        <SelectField label="Store *" {...form.field('location_id')}>
          <option value="">{stores.data ? 'Choose a store' : 'Loading stores...'}</option>
          {stores.data?.locations.map((l) => (
            <option key={l.location_id} value={String(l.location_id)}>
              {l.location_name}
            </option>
          ))}
        </SelectField>
        <div className={styles.pair}>
          <TextField label="Preferred date *" type="date" {...form.field('date')} />
          <TextField label="Preferred time *" type="time" {...form.field('time')} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="schedule-message">
            Message
          </label>
          <textarea id="schedule-message" className={styles.input} rows={3} {...form.register('message')} />
        </div>
        <CaptchaCheck
          value={captchaInput}
          onChange={(payload) => setValue('captchaInput', payload, { shouldValidate: form.formState.isSubmitted })}
          error={form.error('captchaInput')}
        />
      </form>
    </Modal>
  );
}
