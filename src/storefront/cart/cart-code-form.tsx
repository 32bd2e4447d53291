import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/field';
import styles from './cart.module.css';

/** 'Use Gift Certificate' on the cart page: the code is checked by the server, errors are toasts (§8). */
export function CartCodeForm({ busy, onApply }: { busy: boolean; onApply: (code: string) => void }) {
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim() === '') return;
    onApply(code.trim());
    setCode('');
  };
  return (
    <form className={styles.codeForm} onSubmit={submit} aria-label="Use Gift Certificate">
      <TextField
        label="Gift certificate code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={64}
      />
      <Button type="submit" variant="secondary" disabled={busy || code.trim() === ''}>
        Apply
      </Button>
    </form>
  );
}
