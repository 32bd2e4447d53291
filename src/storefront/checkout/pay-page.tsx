import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { getPayLink, payByLink } from '../../api/pay-link';
import { randomUuid } from '../../db/ids';
import { payLinkRequestSchema, type PayLinkPaid } from '../../contracts/payment-link';
import { Button } from '../../ui/button';
import { ErrorState } from '../../ui/empty-state';
import { TextField } from '../../ui/field';
import { Money } from '../../ui/money';
import { Spinner } from '../../ui/spinner';
import { useZodForm } from '../../ui/use-zod-form';
import { CardFields } from './card-fields';
import styles from './checkout.module.css';

/** The page checks the card; the token was checked when the link loaded (payLinkQuerySchema). */
const cardSchema = payLinkRequestSchema.pick({ card: true });

/**
 * /checkout/pay?token=: the page a payment link opens on the customer's phone (pos-back-office.md
 * §7 sendPaymentURL; the customer's side is ours, docs/decisions/payments.md "Payment links at the
 * POS"). It shows what is owed and takes a card through the simulated processor; the shop sees an
 * `online` payment.
 */
export function PayPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const link = useQuery({
    queryKey: ['pay-link', token],
    queryFn: ({ signal }) => getPayLink(token, signal),
    retry: false,
    enabled: token !== '',
  });
  const form = useZodForm(cardSchema, { card: { number: '', expiry: '', cvc: '', name: '' } }, { raw: true });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [paid, setPaid] = useState<PayLinkPaid | null>(null);
  // One id per attempt: a retry after a lost reply pays once; a definite answer starts a new attempt.
  const attempt = useRef(randomUuid());

  if (!token) return <ErrorState message="This payment link is invalid or has expired." />;
  if (link.isPending) return <Spinner label="Loading the payment..." />;
  if (link.isError) {
    const invalid = link.error instanceof ApiError && (link.error.status === 404 || link.error.status === 400);
    return <ErrorState message={invalid ? 'This payment link is invalid or has expired.' : link.error.message} />;
  }
  const owed = link.data;

  // The card as typed: the server parses the request itself.
  const submit = form.handleSubmit(async ({ card }) => {
    setError(null);
    setBusy(true);
    try {
      const reply = await payByLink({ token, id: attempt.current, card });
      setPaid(reply);
      void client.invalidateQueries({ queryKey: ['pay-link', token] });
    } catch (err) {
      if (!(err instanceof ApiError) || !err.isNetwork) attempt.current = randomUuid();
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <section className={styles.page} aria-labelledby="pay-title">
      <h1 id="pay-title" className={styles.heading}>
        Pay {owed.storeName}
        {owed.orderId !== null ? ` — Order #${owed.orderId}` : ''}
      </h1>
      <div className={styles.summary}>
        <h2>Your order</h2>
        <ul className={styles.items}>
          {owed.lines.map((l, i) => (
            <li key={i}>
              <span>
                {l.name} × {l.quantity}
              </span>
              <Money amount={l.total} />
            </li>
          ))}
        </ul>
        <table className={styles.totals}>
          <tbody>
            <tr>
              <th scope="row">Order Total</th>
              <td>
                <Money amount={owed.orderTotal} />
              </td>
            </tr>
            <tr>
              <th scope="row">Amount Paid</th>
              <td>
                <Money amount={owed.amountPaid} />
              </td>
            </tr>
            <tr>
              <th scope="row">Balance Due</th>
              <td data-testid="pay-balance">
                <Money amount={paid?.balanceDue ?? owed.balanceDue} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
      {paid ? (
        <p role="status">
          {paid.success} {paid.payment.brand} ending in {paid.payment.last4}: <Money amount={paid.payment.amount} />.
        </p>
      ) : owed.paidInFull ? (
        <p role="status">This order is paid in full. Thank you!</p>
      ) : (
        <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label="Card payment">
          <CardFields legend="Card" field={form.field}>
            <TextField label="Name on card" autoComplete="cc-name" {...form.register('card.name')} />
          </CardFields>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? (
              'Paying...'
            ) : (
              <>
                Pay <Money amount={owed.balanceDue} />
              </>
            )}
          </Button>
        </form>
      )}
    </section>
  );
}
