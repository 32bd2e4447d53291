import { useState } from 'react';
import { formatUSD } from '../../domain/money';
import { CORE_RETURN_MAX, CORE_RETURN_QUANTITY } from '../../domain/mutations/cart';
import type { ProductLine } from '../../domain/mutations/records';
import { getCatalogProduct, type CachedProduct } from '../../db/queries';
import { deviceDb } from '../../device/device-db';
import { useSync } from '../../device/sync-context';
import { DEVICE_NOT_READY } from '../../device/use-run-mutation';
import { SelectField, TextField } from '../../ui/field';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { PART_NOT_FOUND } from './part-finder';

export const CORE_RETURN_PART_REQUIRED = 'Choose a part on this sale or enter the part number of the old part.';

/**
 * "Core Return" (docs/decisions/domain.md "Core charges"): the old part the customer brought back,
 * credited at its core charge. The parts on this sale that carry one are offered first; a part
 * bought earlier is found by its part number in the device's catalog (works offline).
 */
export function CoreReturnModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** The sale's product lines with a core charge. */
  cored: readonly ProductLine[];
  /** Resolves with a refusal message to show, or null when the core return was added. */
  onSave: (p: CachedProduct, quantity: number) => Promise<string | null>;
}) {
  const api = useSync();
  const first = props.cored[0];
  const [productId, setProductId] = useState<string>(first ? String(first.product_id) : '');
  const [partNumber, setPartNumber] = useState('');
  const [quantity, setQuantity] = useState(first ? String(Math.min(first.quantity, CORE_RETURN_MAX)) : '1');
  const [error, setError] = useState<{ field: 'part' | 'quantity'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const q = Number(quantity.trim());
    if (!/^\d+$/.test(quantity.trim()) || q < 1 || q > CORE_RETURN_MAX) {
      setError({ field: 'quantity', message: CORE_RETURN_QUANTITY });
      return;
    }
    const code = partNumber.trim();
    const id = code ? null : Number(productId) || null;
    if (!code && id === null) {
      setError({ field: 'part', message: CORE_RETURN_PART_REQUIRED });
      return;
    }
    if (id === null && !api) {
      setError({ field: 'part', message: DEVICE_NOT_READY });
      return;
    }
    setBusy(true);
    // The part from the device's catalog: by id for a part on the sale, else as a scan finds it.
    const found = id !== null ? { product_id: id } : await api?.findPart(code);
    const p = found ? await getCatalogProduct(deviceDb(), found.product_id) : null;
    const refused = p ? await props.onSave(p, q) : PART_NOT_FOUND(code);
    setBusy(false);
    if (refused) {
      setError({ field: refused === CORE_RETURN_QUANTITY ? 'quantity' : 'part', message: refused });
      return;
    }
    setError(null);
    setPartNumber('');
    props.onOpenChange(false);
  };

  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Core Return"
      footer={
        <ModalFooter
          onCancel={() => props.onOpenChange(false)}
          onSave={() => void submit()}
          saveLabel="Add Core Return"
          disabled={busy}
        />
      }
    >
      {props.cored.length > 0 && (
        <SelectField
          label="Part on this sale"
          value={productId}
          onChange={(e) => setProductId(e.target.value)}
          error={error?.field === 'part' && !partNumber.trim() ? error.message : undefined}
        >
          {props.cored.map((l) => (
            <option key={l.id} value={l.product_id}>
              {`${l.name} (core ${formatUSD(l.surcharge)})`}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={props.cored.length > 0 ? 'Or part number of another part' : 'Part number'}
        value={partNumber}
        autoComplete="off"
        onChange={(e) => setPartNumber(e.target.value)}
        {...(props.cored.length === 0 ? { hint: 'Only parts with a core charge take a core return.' } : {})}
        error={error?.field === 'part' && (partNumber.trim() || props.cored.length === 0) ? error.message : undefined}
      />
      <TextField
        label="Quantity"
        inputMode="numeric"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={error?.field === 'quantity' ? error.message : undefined}
      />
    </Modal>
  );
}
