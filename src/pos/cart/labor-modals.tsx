import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import {
  customLaborFormSchema,
  LABOR_QUANTITY_POSITIVE,
  LABOR_TIME_POSITIVE,
  LABOR_UPDATE_FAILED,
  LABOR_UPDATED,
} from '../../domain/forms/custom-labor';
import { SYSTEM_ERROR } from '../../domain/forms/price-edit';
import { formatLaborTime, laborUnitAmount } from '../../domain/labor';
import { moneyString, toWire } from '../../domain/money';
import { validatePriceInput } from '../../domain/pricing';
import type { LaborLine } from '../../domain/mutations/records';
import { ActionModal } from '../../ui/action-modal';
import { SelectField, TextField } from '../../ui/field';
import { formatMoney } from '../../ui/format-money';
import { Modal } from '../../ui/modal';
import { ModalFooter } from '../../ui/modal-footer';
import { useToast } from '../../ui/toast/toast-context';
import { useZodForm } from '../../ui/use-zod-form';
import styles from './cart.module.css';

export interface LaborType {
  labor_id: number;
  title: string;
  amount: string;
}

const emptyLabor = { laborId: '', laborTime: '60', quantity: '1', name: '' };

/** "Custom labor": labor type, time in minutes, quantity (positive integers, the spec's messages). */
export function CustomLaborModal(props: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  laborTypes: readonly LaborType[];
  onSave: (v: { labor: LaborType; minutes: number; quantity: number; name: string }) => Promise<boolean>;
}) {
  const form = useZodForm(customLaborFormSchema, emptyLabor);
  const submit = form.handleSubmit(async (data) => {
    const labor = props.laborTypes.find((l) => l.labor_id === data.laborId);
    if (!labor) return;
    if (
      await props.onSave({ labor, minutes: data.laborTime, quantity: data.quantity, name: data.name || labor.title })
    ) {
      form.reset(emptyLabor);
      props.onOpenChange(false);
    }
  });
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Custom labor"
      footer={
        <ModalFooter
          onCancel={() => props.onOpenChange(false)}
          onSave={() => void submit()}
          saveLabel="Add Labor"
          disabled={form.formState.isSubmitting}
        />
      }
    >
      <SelectField label="Labor type" {...form.field('laborId')}>
        <option value="">Select a labor type</option>
        {props.laborTypes.map((l) => (
          <option key={l.labor_id} value={l.labor_id}>
            {l.title} ({formatMoney(l.amount)}/hr)
          </option>
        ))}
      </SelectField>
      <TextField label="Name (optional)" {...form.register('name')} />
      <TextField label="Time (minutes)" inputMode="numeric" {...form.field('laborTime')} />
      <TextField label="Quantity" inputMode="numeric" {...form.field('quantity')} />
    </Modal>
  );
}

const positiveInt = (s: string): number | null => (/^\d+$/.test(s.trim()) && Number(s) > 0 ? Number(s) : null);

/** Labor edit with two tabs: adjust time (minutes, quantity) and adjust price (one unit's price). */
export function LaborEditModal(props: {
  line: LaborLine | null;
  onClose: () => void;
  /** Resolves true when the device accepted the change; `onRefused` gets the domain's reason otherwise. */
  onSave: (
    change: { minutes?: number; quantity?: number; price_override?: string | null },
    onRefused: (reason: string) => void,
  ) => Promise<boolean>;
}) {
  const line = props.line;
  const toast = useToast();
  const [tab, setTab] = useState('time');
  const [minutes, setMinutes] = useState(String(line?.minutes ?? ''));
  const [quantity, setQuantity] = useState(String(line?.quantity ?? ''));
  const [price, setPrice] = useState(
    line ? (line.price_override ?? toWire(laborUnitAmount(line.rate, line.minutes))) : '',
  );
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  if (!line) return null;
  const timeError = positiveInt(minutes) === null ? LABOR_TIME_POSITIVE : undefined;
  const qtyError = positiveInt(quantity) === null ? LABOR_QUANTITY_POSITIVE : undefined;
  const priceError = validatePriceInput(price) ?? undefined;
  const save = async () => {
    const change =
      tab === 'time'
        ? { minutes: positiveInt(minutes) ?? line.minutes, quantity: positiveInt(quantity) ?? line.quantity }
        : { price_override: moneyString(price) };
    if ((tab === 'time' && (timeError || qtyError)) || (tab === 'price' && priceError)) return;
    setBusy(true);
    setRefused(null);
    try {
      // A refusal toasts "The labor couldn't be updated." (§8); the domain's reason shows in the modal.
      if (await props.onSave(change, setRefused)) {
        toast.success(LABOR_UPDATED);
        props.onClose();
      }
    } catch {
      toast.error(SYSTEM_ERROR);
    } finally {
      setBusy(false);
    }
  };
  const numberField = (
    field: { label: string; inputMode: 'numeric' | 'decimal'; hint?: string },
    value: string,
    set: (v: string) => void,
    error: string | undefined,
  ) => <TextField {...field} value={value} error={error} onChange={(e) => set(e.target.value)} />;
  return (
    <ActionModal
      onClose={props.onClose}
      title={`Edit labor: ${line.name}`}
      saveLabel={busy ? 'Updating...' : 'Update'}
      disabled={busy}
      onSave={() => void save()}
    >
      {refused && (
        <p className={styles.refused} role="alert">
          {LABOR_UPDATE_FAILED} {refused}
        </p>
      )}
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List className={styles.tabs} aria-label="Labor edit">
          <Tabs.Trigger className={styles.tab} value="time">
            Adjust time
          </Tabs.Trigger>
          <Tabs.Trigger className={styles.tab} value="price">
            Adjust price
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="time">
          {numberField(
            { label: 'Time (minutes)', inputMode: 'numeric', hint: formatLaborTime(positiveInt(minutes) ?? 0) },
            minutes,
            setMinutes,
            timeError,
          )}
          {numberField({ label: 'Quantity', inputMode: 'numeric' }, quantity, setQuantity, qtyError)}
        </Tabs.Content>
        <Tabs.Content value="price">
          {numberField({ label: 'Price per unit', inputMode: 'decimal' }, price, setPrice, priceError)}
        </Tabs.Content>
      </Tabs.Root>
    </ActionModal>
  );
}
