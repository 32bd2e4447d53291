import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../ui/field';
import styles from './checkout.module.css';

type CardField = 'card.number' | 'card.expiry' | 'card.cvc';

/** The card number's hint while the online processor is the simulator; a live shop shows none. */
export const CARD_TEST_MODE_HINT = 'Test mode — simulated card terminal: use a test card such as 4242 4242 4242 4242.';

/**
 * The card a shopper pays with, on the checkout and on a payment link's page: number, expiry and
 * CVC. `testMode` (the server says its processor is the simulator) adds the test-mode hint; a live
 * shop never mentions test cards. `children` adds what a page asks beyond them.
 */
export function CardFields(props: {
  legend: string;
  testMode?: boolean;
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
        {...(props.testMode ? { hint: CARD_TEST_MODE_HINT } : {})}
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
