/**
 * "Gift Certificate" in the POS cart (docs/decisions/pos.md "Gift certificates at the counter"):
 * amount, code (generated, or typed over), recipient name and email, optional message; added as
 * a cart line (cart.addVoucher through the outbox, offline too). The certificate is issued when the
 * order completes; the server refuses a code already in use when the sale syncs.
 */
import { useState, type InputHTMLAttributes } from 'react';
import {
  generateGiftCode,
  giftCertificateFormSchema,
  type GiftCertificateForm,
} from '../../domain/forms/gift-certificate';
import { ActionModal } from '../../ui/action-modal';
import { TextField } from '../../ui/field';

type Field = keyof GiftCertificateForm;

const FIELDS: readonly ({ key: Field; label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>)[] = [
  { key: 'amount', label: 'Amount', inputMode: 'decimal' },
  {
    key: 'code',
    label: 'Code',
    maxLength: 32,
    autoCapitalize: 'characters',
    hint: 'Generated; type over it to use your own.',
  },
  { key: 'to_name', label: 'Recipient name', maxLength: 64 },
  { key: 'to_email', label: 'Recipient email', type: 'email', maxLength: 96 },
  { key: 'message', label: 'Message', maxLength: 1000 },
];

const cryptoRandom = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;

export function GiftCertificateModal(props: {
  onOpenChange: (o: boolean) => void;
  onSave: (v: GiftCertificateForm) => Promise<boolean>;
}) {
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    amount: '',
    code: generateGiftCode(cryptoRandom),
    to_name: '',
    to_email: '',
    message: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  const submit = async () => {
    const form = giftCertificateFormSchema.safeParse(values);
    if (!form.success) {
      const e: Partial<Record<Field, string>> = {};
      for (const issue of form.error.issues) {
        const key = issue.path[0] as Field;
        if (!e[key]) e[key] = issue.message;
      }
      setErrors(e);
      return;
    }
    setBusy(true);
    const ok = await props.onSave(form.data);
    setBusy(false);
    if (ok) props.onOpenChange(false);
  };

  return (
    <ActionModal
      onClose={() => props.onOpenChange(false)}
      title="Gift Certificate"
      saveLabel={busy ? 'Adding...' : 'Add Gift Certificate'}
      disabled={busy}
      onSave={() => void submit()}
    >
      {FIELDS.map(({ key, ...field }) => (
        <TextField key={key} {...field} value={values[key]} error={errors[key]} onChange={set(key)} />
      ))}
    </ActionModal>
  );
}
