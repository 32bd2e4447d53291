/**
 * Return Items (docs/decisions/pos.md "Returns"): per returnable line the quantity (up to what is
 * left), reason, condition and restock; the refund method; the refund the domain derives, shown as
 * the server will record it. Cash, check and store credit run `order.return` through the sync
 * worker (offline too); a card refund goes through the terminal and needs the network.
 */
import { useMemo, useState } from 'react';
import { postOrderReturn } from '../../api/order-returns';
import { storeSettings } from '../../db/queries';
import { uuidv7 } from '../../db/ids';
import { deviceDb } from '../../device/device-db';
import { useLiveQuery } from '../../device/use-live-query';
import { useOnline } from '../../device/use-online';
import type { RunMutation } from '../../device/use-run-mutation';
import { useSync } from '../../device/sync-context';
import { decimal, toWire } from '../../domain/money';
import type { Order, OrderReturn, RefundMethod, Transaction } from '../../domain/mutations/records';
import { isTerminalCard } from '../../domain/mutations/transactions';
import {
  REFUND_METHOD_LABELS,
  RETURN_CARD_NEEDS_NETWORK,
  RETURN_CONDITIONS,
  RETURN_REASONS,
  capRefunds,
  isReturnable,
  lineRefund,
  refundableLeft,
  returnedQuantity,
  sumRefunds,
} from '../../domain/returns';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { Money } from '../../ui/money';
import { useToast } from '../../ui/toast/toast-context';
import styles from './returns.module.css';

export const RETURN_RECORDED = 'Success: the return was recorded.';

interface LineChoice {
  quantity: number;
  reason: string;
  condition: string;
  restock: boolean;
}

export interface ReturnModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: Order;
  transactions: readonly Transaction[];
  returns: readonly OrderReturn[];
  run: RunMutation;
}

export function ReturnModal(props: ReturnModalProps) {
  const { order, transactions, returns } = props;
  const online = useOnline();
  const worker = useSync();
  const toast = useToast();
  const settings = useLiveQuery(() => storeSettings(deviceDb()), []);
  const lines = order.lines.filter(isReturnable);
  const hasCard = transactions.some((t) => t.status === 'approved' && isTerminalCard(t));
  const methods: RefundMethod[] = [
    'cash',
    'check',
    ...(order.customer_ref ? (['store_credit'] as const) : []),
    ...(hasCard ? (['card'] as const) : []),
  ];
  const [method, setMethod] = useState<RefundMethod>(hasCard && online ? 'card' : 'cash');
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [busy, setBusy] = useState(false);
  const choice = (id: string): LineChoice =>
    choices[id] ?? { quantity: 0, reason: RETURN_REASONS[0], condition: RETURN_CONDITIONS[0], restock: true };
  const set = (id: string, patch: Partial<LineChoice>) =>
    setChoices((c) => ({ ...c, [id]: { ...choice(id), ...patch } }));

  const picked = lines.filter((l) => choice(l.id).quantity > 0);
  const refund = useMemo(() => {
    if (!settings.data || picked.length === 0) return '0.00';
    const each = picked.map((l) =>
      lineRefund(l, returnedQuantity(returns, l.id), choice(l.id).quantity, order, settings.data!),
    );
    return sumRefunds(capRefunds(each, refundableLeft(order, returns)).map((r) => ({ total: toWire(r.total) })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- choice() reads `choices`
  }, [settings.data, choices, returns, order]);
  const cardOffline = method === 'card' && !online;

  const submit = async () => {
    if (picked.length === 0 || busy || cardOffline) return;
    setBusy(true);
    const id = uuidv7();
    const rows = picked.map((l) => ({ id: uuidv7(), line_ref: l.id, ...choice(l.id) }));
    try {
      if (method === 'card') {
        const r = await postOrderReturn(order.order_id ?? order.id, {
          id,
          refund_method: 'card',
          lines: rows.map(({ line_ref, ...r }) => ({ ...r, line_id: line_ref })),
        });
        toast.success(r.success);
        await worker?.syncNow();
        props.onOpenChange(false);
      } else if (
        await props.run('order.return', {
          order_ref: order.id,
          id,
          customer_ref: method === 'store_credit' ? order.customer_ref : null,
          refund_method: method,
          credit_id: method === 'store_credit' ? uuidv7() : null,
          lines: rows,
        })
      ) {
        toast.success(RETURN_RECORDED);
        props.onOpenChange(false);
      }
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Return Items"
      description="Choose how many of each item come back, why, and how the customer is refunded."
      footer={
        <ModalFooter
          onCancel={() => props.onOpenChange(false)}
          onSave={() => void submit()}
          saveLabel={busy ? 'Refunding...' : 'Return and Refund'}
          disabled={busy || picked.length === 0 || cardOffline}
        />
      }
    >
      {lines.length === 0 ? (
        <p>There are no results.</p>
      ) : (
        <ul className={styles.lines}>
          {lines.map((l) => {
            const left = l.quantity - returnedQuantity(returns, l.id);
            const c = choice(l.id);
            return (
              <li key={l.id} className={styles.line}>
                <div className={styles.lineName}>
                  <strong>{l.name}</strong>
                  <span className={styles.muted}>
                    {left === 0 ? 'All returned' : `Sold ${l.quantity}, ${left} can be returned`}
                  </span>
                </div>
                <label className={styles.small}>
                  Quantity
                  <input
                    type="number"
                    min={0}
                    max={left}
                    inputMode="numeric"
                    disabled={left === 0}
                    value={c.quantity}
                    aria-label={`Quantity to return of ${l.name}`}
                    onChange={(e) => {
                      const n = Math.trunc(Number(e.target.value));
                      set(l.id, { quantity: Number.isFinite(n) ? Math.max(0, Math.min(left, n)) : 0 });
                    }}
                  />
                </label>
                <label className={styles.small}>
                  Reason
                  <select
                    value={c.reason}
                    disabled={left === 0}
                    aria-label={`Reason for returning ${l.name}`}
                    onChange={(e) => set(l.id, { reason: e.target.value })}
                  >
                    {RETURN_REASONS.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                </label>
                <label className={styles.small}>
                  Condition
                  <select
                    value={c.condition}
                    disabled={left === 0}
                    aria-label={`Condition of ${l.name}`}
                    onChange={(e) => set(l.id, { condition: e.target.value })}
                  >
                    {RETURN_CONDITIONS.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                </label>
                <label className={styles.check}>
                  <input
                    type="checkbox"
                    checked={c.restock}
                    disabled={left === 0}
                    aria-label={`Restock ${l.name}`}
                    onChange={(e) => set(l.id, { restock: e.target.checked })}
                  />
                  Restock
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <fieldset className={styles.methods}>
        <legend>Refund to</legend>
        {methods.map((m) => (
          <label key={m} className={styles.check}>
            <input type="radio" name="refund-method" checked={method === m} onChange={() => setMethod(m)} />
            {REFUND_METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>
      {cardOffline && (
        <p role="alert" className={styles.warning}>
          {RETURN_CARD_NEEDS_NETWORK}
        </p>
      )}
      <p className={styles.total} role="status">
        Refund: <Money amount={refund} />
        {decimal(refund).isZero() && picked.length > 0 ? ' (nothing left to refund on this order)' : ''}
      </p>
    </Modal>
  );
}
