import { useCallback } from 'react';
import type { CreateOrderRequest } from '../../contracts/shop-checkout';
import type { FulfilmentMethod } from '../../domain/online-orders';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { useZodForm } from '../../ui/use-zod-form';
import { CardFields } from './card-fields';
import styles from './checkout.module.css';
import { FulfilmentFields, fulfilmentBody, type FulfilmentValues } from './fulfilment-fields';

/**
 * The call's schema (the address rules with it), loaded when the form is first checked (at submit)
 * or warmed when the shopper starts typing: not needed for the first paint (docs/decisions/storefront.md
 * "Lazy areas under 50 KB"). One retry, as the lazy screens.
 */
const importSchema = () => import('../../contracts/shop-checkout');
const loadSchema = () =>
  importSchema()
    .catch(importSchema)
    .then((m) => m.createOrderRequestSchema.omit({ checkout_key: true }));
const warmSchema = () => void importSchema().catch(() => undefined);

type Values = {
  firstname: string;
  lastname: string;
  email: string;
  telephone: string;
  card: { number: string; expiry: string; cvc: string };
  fulfilment: FulfilmentValues;
};

interface Props {
  /** False when gift certificates pay the whole order (shipping included): no card is asked for. */
  needsCard: (method: FulfilmentMethod) => boolean;
  /** The online processor is the simulator: the card form says "Test mode". */
  testMode?: boolean;
  initial: { firstname: string; lastname: string; email: string; fulfilment: FulfilmentValues };
  /** The flat rate as text, or null when the shop does not ship. */
  shippingText: string | null;
  busy: boolean;
  /** The last refusal's message, shown under the button (§8). */
  error: string | null;
  onMethod: (method: FulfilmentMethod) => void;
  onSubmit: (body: Omit<CreateOrderRequest, 'checkout_key'>) => void;
}

/** Contact details, pickup or shipping, and the card for the simulated online payment, validated with the call's schema. */
export function CheckoutForm({
  needsCard,
  testMode = false,
  initial,
  shippingText,
  busy,
  error,
  onMethod,
  onSubmit,
}: Props) {
  const form = useZodForm<Values>(
    loadSchema,
    { ...initial, telephone: '', card: { number: '', expiry: '', cvc: '' } },
    {
      raw: true,
      // The card is checked only when something is left to pay; only the chosen fulfilment is sent.
      toInput: (v) => {
        const body = { ...v, fulfilment: fulfilmentBody(v.fulfilment) };
        if (needsCard(v.fulfilment.method)) return body;
        const { card: _card, ...rest } = body;
        return rest;
      },
    },
  );
  const method = form.watch('fulfilment.method');
  const { setValue } = form;
  const setStore = useCallback((id: string) => setValue('fulfilment.location_id', id), [setValue]);
  const countryId = form.watch('fulfilment.address.country_id');
  // The body as typed: the call parses it again (the schema here only checks it).
  const submit = form.handleSubmit(({ card, fulfilment, ...contact }) =>
    onSubmit({ ...contact, fulfilment: fulfilmentBody(fulfilment), ...(needsCard(fulfilment.method) ? { card } : {}) }),
  );
  const methodField = form.field('fulfilment.method', {
    onChange: (e: { target: { value: string } }) => onMethod(e.target.value as FulfilmentMethod),
  });

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      onFocusCapture={warmSchema}
      noValidate
      aria-label="Checkout"
    >
      <fieldset className={styles.fieldset}>
        <legend>Your Details</legend>
        <TextField label="First Name" autoComplete="given-name" {...form.field('firstname')} required />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('lastname')} required />
        <TextField label="E-Mail" type="email" autoComplete="email" {...form.field('email')} required />
        <TextField label="Telephone" type="tel" autoComplete="tel" {...form.field('telephone')} />
      </fieldset>
      <FulfilmentFields
        method={method}
        countryId={countryId}
        shippingText={shippingText}
        storeId={form.watch('fulfilment.location_id')}
        onStore={setStore}
        field={(name) => (name === 'fulfilment.method' ? methodField : form.field(name as 'fulfilment.location_id'))}
      />
      {needsCard(method) && <CardFields legend="Payment" field={form.field} testMode={testMode} />}
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
