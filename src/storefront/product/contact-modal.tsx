import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { captchaImageUrl, contactLocationsQueryOptions, dealerPopupTextQueryOptions, sendProductContact, validateCaptcha } from '../../api/product-contact';
import { productContactRequestSchema } from '../../contracts/product-contact';
import { CAPTCHA_FAILED } from '../../domain/forms/contact';
import { maskPhone } from '../../domain/phone';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import styles from './product.module.css';

type Fields = 'pcName' | 'pcEmail' | 'pcPhone' | 'pcLocation' | 'pcMessage' | 'captchaInput';
const EMPTY: Record<Fields, string> = { pcName: '', pcEmail: '', pcPhone: '', pcLocation: '', pcMessage: '', captchaInput: '' };

export interface ContactModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: number;
}

/**
 * Contact Us for products that cannot be ordered (storefront.md §2, §5, §7): the form is checked
 * here with the server's own schema, then the captcha by the server (its error under the captcha,
 * or 'An error occurred while validating the captcha'), then the message is sent.
 */
export function ContactModal({ open, onOpenChange, productId }: ContactModalProps) {
  const toast = useToast();
  const locations = useQuery({ ...contactLocationsQueryOptions, enabled: open });
  const intro = useQuery({ ...dealerPopupTextQueryOptions, enabled: open });
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [busy, setBusy] = useState(false);
  const [captchaN, setCaptchaN] = useState(1);

  const set = (k: Fields, v: string) => setValues((s) => ({ ...s, [k]: k === 'pcPhone' ? maskPhone(v) : v }));
  const newCaptcha = () => {
    setCaptchaN((n) => n + 1);
    set('captchaInput', '');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const email = locations.data?.locations.find((l) => String(l.location_id) === values.pcLocation)?.email_address ?? '';
    const parsed = productContactRequestSchema.safeParse({ ...values, pcLocationEmail: email, product_id: productId });
    const fieldErrors: Partial<Record<Fields, string>> = {};
    if (!parsed.success) for (const i of parsed.error.issues) fieldErrors[i.path[0] as Fields] ??= i.message;
    if (!values.captchaInput.trim()) fieldErrors.captchaInput = 'Please enter the code shown in the image.';
    setErrors(fieldErrors);
    if (!parsed.success || fieldErrors.captchaInput) return;

    setBusy(true);
    try {
      try {
        await validateCaptcha(values.captchaInput);
      } catch (err) {
        setErrors({ captchaInput: err instanceof ApiError && !err.isNetwork ? err.message : CAPTCHA_FAILED });
        newCaptcha();
        return;
      }
      const reply = await sendProductContact(parsed.data);
      toast.success(reply.success);
      setValues(EMPTY);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, v[0]])));
      }
      toast.error(err instanceof Error ? err.message : String(err));
      newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={intro.data?.dealer_locator_popup_heading_text ?? 'Contact Us'}
      {...(intro.data ? { description: intro.data.dealer_locator_popup_text } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="submit" form="product-contact-form" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit'}
          </Button>
        </>
      }
    >
      <form id="product-contact-form" className={styles.contactForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="Name *" autoComplete="name" value={values.pcName} error={errors.pcName} onChange={(e) => set('pcName', e.target.value)} />
        <TextField label="Email *" type="email" autoComplete="email" value={values.pcEmail} error={errors.pcEmail} onChange={(e) => set('pcEmail', e.target.value)} />
        <TextField
          label="Phone Number *"
          type="tel"
          autoComplete="tel"
          placeholder="(###) ###-####"
          value={values.pcPhone}
          error={errors.pcPhone}
          onChange={(e) => set('pcPhone', e.target.value)}
        />
        <fieldset className={styles.radios} aria-describedby={errors.pcLocation ? 'contact-location-error' : undefined}>
          <legend className={styles.legend}>Location *</legend>
          {locations.isPending ? (
            <Spinner label="Loading stores..." />
          ) : locations.isError ? (
            <p className={styles.error}>{locations.error.message}</p>
          ) : locations.data.locations.length === 0 ? (
            <p className={styles.error}>No store can receive messages right now. Please call the store.</p>
          ) : (
            locations.data.locations.map((l) => (
              <label key={l.location_id} className={styles.choice}>
                <input type="radio" name="pcLocation" value={String(l.location_id)} checked={values.pcLocation === String(l.location_id)} onChange={() => set('pcLocation', String(l.location_id))} />
                <span>
                  {l.location_name}
                  <br />
                  <small>{l.address}</small>
                </span>
              </label>
            ))
          )}
          {errors.pcLocation && (
            <p id="contact-location-error" className={styles.error} role="alert">
              {errors.pcLocation}
            </p>
          )}
        </fieldset>
        <div className={styles.qty}>
          <label htmlFor="contact-message">Message *</label>
          <textarea
            id="contact-message"
            className={styles.textarea}
            rows={3}
            value={values.pcMessage}
            aria-invalid={errors.pcMessage ? true : undefined}
            aria-describedby={errors.pcMessage ? 'contact-message-error' : undefined}
            onChange={(e) => set('pcMessage', e.target.value)}
          />
          {errors.pcMessage && (
            <p id="contact-message-error" className={styles.error} role="alert">
              {errors.pcMessage}
            </p>
          )}
        </div>
        <div className={styles.captcha}>
          {open && <img src={captchaImageUrl(captchaN)} alt="Captcha: type the characters shown" width={175} height={50} />}
          <Button variant="ghost" onClick={newCaptcha} aria-label="Show a new captcha image">
            New image
          </Button>
        </div>
        <TextField label="Enter the code shown above *" autoComplete="off" value={values.captchaInput} error={errors.captchaInput} onChange={(e) => set('captchaInput', e.target.value)} />
      </form>
    </Modal>
  );
}
