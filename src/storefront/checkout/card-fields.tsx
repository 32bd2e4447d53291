import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../ui/field';
import styles from './checkout.module.css';

type CardField = 'card.number' | 'card.expiry' | 'card.cvc';

/**
 * The card a shopper pays with, on the checkout and on a payment link's page: number, expiry and
 * CVC (the simulated processor takes test cards only, and the hint says so). `children` adds what a
 * page asks beyond them.
 */
export function CardFields(props: {
  legend: string;
  field: (name: CardField) => UseFormRegisterReturn & { error: string | undefined };
  children?: ReactNode;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{props.legend}</legend>
      <TextField
        label="Card Number"
        inputMode="numeric"
        autoComplete="cc-number"
        {...props.field('card.number')}
        hint="Test cards only, e.g. 4242 4242 4242 4242."
        required
      />
      <div className={styles.row}>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          {...props.field('card.expiry')}
          required
        />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" {...props.field('card.cvc')} required />
      </div>
      {props.children}
    </fieldset>
  );
}
