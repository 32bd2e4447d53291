import { useQuery } from '@tanstack/react-query';
import { track } from '../../features/marketing/track';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { contactLocationsQueryOptions, sendProductContact, validateCaptcha } from '../../api/product-contact';
import { productContactRequestSchema } from '../../contracts/product-contact';
import { CAPTCHA_FAILED, CAPTCHA_NEEDED } from '../../domain/forms/captcha';
import { CaptchaCheck } from '../../features/captcha/captcha-check';
import { maskPhone } from '../../domain/phone';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import styles from './product.module.css';

type Fields = 'pcName' | 'pcEmail' | 'pcPhone' | 'pcLocation' | 'pcMessage' | 'captchaInput';
const EMPTY: Record<Fields, string> = {
  pcName: '',
  pcEmail: '',
  pcPhone: '',
  pcLocation: '',
  pcMessage: '',
  captchaInput: '',
};

/**
 * The modal's intro (ours). Not the shop's dealer_locator_popup_* texts: those are the dealer
 * locator's first-visit popup, shown on orderable products too (docs/decisions/storefront.md
 * "Dealer locator").
 */
const CONTACT_INTRO =
  'This product is not available to order online. Send us a message and the store will get back to you about availability.';

/** The server's schema for what is typed here; the store's email and the product are added on send. */
const formSchema = productContactRequestSchema.omit({ pcLocationEmail: true, product_id: true }).extend({
  captchaInput: z.string().trim().min(1, CAPTCHA_NEEDED),
});

export interface ContactModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: number;
}

/**
 * Contact Us for products that cannot be ordered (storefront.md §2, §5, §7): the form is checked
 * here with the server's own schema, then the captcha by the server (its error under the captcha,
 * or 'An error occurred while validating the captcha'), then the message is sent with the solved
 * captcha, which the server spends (one message per solve).
 */
export function ContactModal({ open, onOpenChange, productId }: ContactModalProps) {
  const toast = useToast();
  const locations = useQuery({ ...contactLocationsQueryOptions, enabled: open });
  const form = useZodForm(formSchema, EMPTY);
  const { setValue, setError } = form;
  const busy = form.formState.isSubmitting;
  const captchaInput = form.watch('captchaInput');

  /** A refused or spent solution: the shopper ticks the box again. */
  const newCaptcha = () => setValue('captchaInput', '');

  const submit = form.handleSubmit(async (data) => {
    const email = locations.data?.locations.find((l) => String(l.location_id) === data.pcLocation)?.email_address ?? '';
    try {
      try {
        await validateCaptcha(data.captchaInput);
      } catch (err) {
        newCaptcha();
        setError('captchaInput', { message: err instanceof ApiError && !err.isNetwork ? err.message : CAPTCHA_FAILED });
        return;
      }
      const reply = await sendProductContact({ ...data, pcLocationEmail: email.trim(), product_id: productId });
      toast.success(reply.success);
      track.contact(productId, data.pcLocation);
      form.reset(EMPTY);
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError)
        for (const [k, v] of Object.entries(err.fields)) if (v[0]) setError(k as Fields, { message: v[0] });
      toast.error(err instanceof Error ? err.message : String(err));
      newCaptcha();
    }
  });
  const pcLocationError = form.error('pcLocation');
  const pcMessageError = form.error('pcMessage');

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Contact Us"
      description={CONTACT_INTRO}
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
        <TextField label="Name *" autoComplete="name" {...form.field('pcName')} />
        <TextField label="Email *" type="email" autoComplete="email" {...form.field('pcEmail')} />
        <TextField
          label="Phone Number *"
          type="tel"
          autoComplete="tel"
          placeholder="(###) ###-####"
          {...form.field('pcPhone', {
            onChange: (e: { target: { value: string } }) => setValue('pcPhone', maskPhone(e.target.value)),
          })}
        />
        <fieldset className={styles.radios} aria-describedby={pcLocationError ? 'contact-location-error' : undefined}>
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
                <input type="radio" value={String(l.location_id)} {...form.register('pcLocation')} />
                <span>
                  {l.location_name}
                  <br />
                  <small>{l.address}</small>
                </span>
              </label>
            ))
          )}
          {pcLocationError && (
            <p id="contact-location-error" className={styles.error} role="alert">
              {pcLocationError}
            </p>
          )}
        </fieldset>
        <div className={styles.qty}>
          <label htmlFor="contact-message">Message *</label>
          <textarea
            id="contact-message"
            className={styles.textarea}
            rows={3}
            aria-invalid={pcMessageError ? true : undefined}
            aria-describedby={pcMessageError ? 'contact-message-error' : undefined}
            {...form.register('pcMessage')}
          />
          {pcMessageError && (
            <p id="contact-message-error" className={styles.error} role="alert">
              {pcMessageError}
            </p>
          )}
        </div>
        <CaptchaCheck
          value={captchaInput}
          onChange={(payload) => setValue('captchaInput', payload, { shouldValidate: true })}
          error={form.error('captchaInput')}
        />
      </form>
    </Modal>
  );
}
