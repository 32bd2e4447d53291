import { useState, type FormEvent } from 'react';
import { createOrderRequestSchema, type CreateOrderRequest } from '../../contracts/shop-checkout';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import styles from './checkout.module.css';

type Values = Omit<CreateOrderRequest, 'checkout_key' | 'card'> & { number: string; expiry: string; cvc: string };

interface Props {
  /** False when gift certificates pay the whole order: no card is asked for. */
  needsCard: boolean;
  initial: { firstname: string; lastname: string; email: string };
  busy: boolean;
  /** The last refusal's message, shown under the button (§8). */
  error: string | null;
  onSubmit: (body: Omit<CreateOrderRequest, 'checkout_key'>) => void;
}

/** Contact details and the card for the simulated online payment, validated with the call's schema. */
export function CheckoutForm({ needsCard, initial, busy, error, onSubmit }: Props) {
  const [v, setV] = useState<Values>({ ...initial, telephone: '', number: '', expiry: '', cvc: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const contact = { firstname: v.firstname, lastname: v.lastname, email: v.email, telephone: v.telephone };
    const body = needsCard ? { ...contact, card: { number: v.number, expiry: v.expiry, cvc: v.cvc } } : contact;
    const checked = createOrderRequestSchema.omit({ checkout_key: true }).safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const issue of checked.error.issues) next[issue.path.join('.')] ??= issue.message;
      setFields(next);
      return;
    }
    setFields({});
    onSubmit(body);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Checkout">
      <fieldset className={styles.fieldset}>
        <legend>Your Details</legend>
        <TextField label="First Name" autoComplete="given-name" value={v.firstname} onChange={set('firstname')} error={fields.firstname} required />
        <TextField label="Last Name" autoComplete="family-name" value={v.lastname} onChange={set('lastname')} error={fields.lastname} required />
        <TextField label="E-Mail" type="email" autoComplete="email" value={v.email} onChange={set('email')} error={fields.email} required />
        <TextField label="Telephone" type="tel" autoComplete="tel" value={v.telephone ?? ''} onChange={set('telephone')} error={fields.telephone} />
      </fieldset>
      {needsCard && (
        <fieldset className={styles.fieldset}>
          <legend>Payment</legend>
          <TextField label="Card Number" inputMode="numeric" autoComplete="cc-number" value={v.number} onChange={set('number')} error={fields['card.number']} hint="Test cards only, e.g. 4242 4242 4242 4242." required />
          <div className={styles.row}>
            <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" value={v.expiry} onChange={set('expiry')} error={fields['card.expiry']} required />
            <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" value={v.cvc} onChange={set('cvc')} error={fields['card.cvc']} required />
          </div>
        </fieldset>
      )}
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
