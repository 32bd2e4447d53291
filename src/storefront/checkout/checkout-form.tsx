import { createOrderRequestSchema, type CreateOrderRequest } from '../../contracts/shop-checkout';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { useZodForm } from '../../ui/use-zod-form';
import { CardFields } from './card-fields';
import styles from './checkout.module.css';

const bodySchema = createOrderRequestSchema.omit({ checkout_key: true });
const contactSchema = bodySchema.omit({ card: true });

interface Props {
  /** False when gift certificates pay the whole order: no card is asked for. */
  needsCard: boolean;
  /** The online processor is the simulator: the card form says "Test mode". */
  testMode?: boolean;
  initial: { firstname: string; lastname: string; email: string };
  busy: boolean;
  /** The last refusal's message, shown under the button (§8). */
  error: string | null;
  onSubmit: (body: Omit<CreateOrderRequest, 'checkout_key'>) => void;
}

/** Contact details and the card for the simulated online payment, validated with the call's schema. */
export function CheckoutForm({ needsCard, testMode = false, initial, busy, error, onSubmit }: Props) {
  const form = useZodForm(
    needsCard ? bodySchema : contactSchema,
    { ...initial, telephone: '', card: { number: '', expiry: '', cvc: '' } },
    { raw: true },
  );
  // The body as typed: the call parses it again (the schema here only checks it).
  const submit = form.handleSubmit(({ card, ...contact }) => onSubmit(needsCard ? { ...contact, card } : contact));

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Checkout">
      <fieldset className={styles.fieldset}>
        <legend>Your Details</legend>
        <TextField label="First Name" autoComplete="given-name" {...form.field('firstname')} required />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('lastname')} required />
        <TextField label="E-Mail" type="email" autoComplete="email" {...form.field('email')} required />
        <TextField label="Telephone" type="tel" autoComplete="tel" {...form.field('telephone')} />
      </fieldset>
      {needsCard && <CardFields legend="Payment" field={form.field} testMode={testMode} />}
      <Button type="submit" block disabled={busy}>
        {busy ? 'Processing...' : 'Confirm Order'}
      </Button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
