import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api-error';
import { applyCartCode } from '../../api/staff-cart-codes';
import { appliedCodes, CODE_MESSAGES } from '../../domain/cart-codes';
import { toWire } from '../../domain/money';
import type { Order, Transaction } from '../../domain/mutations/records';
import { useSync } from '../../device/sync-context';
import { useOnline } from '../../device/use-online';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import { Money } from '../../ui/money';
import { useToast } from '../../ui/toast/toast-context';
import type { RunMutation } from './use-cart-actions';
import styles from './cart.module.css';

const UNREACHABLE = `Could not reach the server. ${CODE_MESSAGES.needsNetwork}`;

/**
 * Gift certificate codes on the cart. Applying one needs the network: the certificate's balance
 * lives on the server, which redeems it under lock (this device's changes are sent first, so the
 * server has the cart). Removing works offline: it voids the redemptions through the sync worker
 * and the server gives the balance back when the void arrives.
 */
export function CartCodes({
  order,
  transactions,
  run,
}: {
  order: Order;
  transactions: readonly Transaction[];
  run: RunMutation;
}) {
  const online = useOnline();
  const worker = useSync();
  const toast = useToast();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const codes = appliedCodes(transactions);

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      if (!worker || (await worker.syncNow()) !== 'ok' || (await worker.status()).pending > 0) {
        toast.error(UNREACHABLE);
        return;
      }
      const reply = await applyCartCode({ type: 'voucher', code: code.trim(), order_ref: order.id });
      // The redemption is the server's: pull it so the cart (read from this device) shows it.
      await worker.syncNow();
      setCode('');
      toast.success(reply.success);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : UNREACHABLE);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (ids: readonly string[], label: string) => {
    for (const id of ids) if (!(await run('transaction.void', { order_ref: order.id, transaction_ref: id }))) return;
    toast.success(CODE_MESSAGES.removed(label));
  };

  return (
    <section aria-labelledby="codes-title" className={styles.codes}>
      <h2 id="codes-title" className={styles.codesTitle}>
        Gift Certificate
      </h2>
      <form className={styles.codeForm} onSubmit={(e) => void apply(e)}>
        <TextField
          label="Gift certificate code"
          value={code}
          autoComplete="off"
          maxLength={64}
          onChange={(e) => setCode(e.target.value)}
          {...(online ? {} : { hint: CODE_MESSAGES.needsNetwork })}
        />
        <Button type="submit" disabled={!online || busy || code.trim() === ''}>
          {busy ? 'Applying...' : 'Apply'}
        </Button>
      </form>
      {codes.length > 0 && (
        <ul className={styles.codeList} aria-label="Applied codes">
          {codes.map((c) => (
            <li key={c.code} className={styles.codeItem}>
              <span>
                {c.code} <Money amount={toWire(c.amount.neg())} />
              </span>
              <Button
                variant="ghost"
                aria-label={`Remove code ${c.code}`}
                onClick={() => void remove(c.transactionIds, c.code)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
