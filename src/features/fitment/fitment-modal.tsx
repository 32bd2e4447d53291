import { useState } from 'react';
import { FACET_KEYS, makeFacet, type FacetKey } from '../../domain/fitment-facets';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import type { ValidatedPart } from '../../contracts/fitment/validate-fitment';
import { fitmentResultText, sortChoices } from './fitment-labels';
import { fitmentStore, logFailure } from './fitment-store';
import styles from './fitment.module.css';

const isFacetKey = (s: string): s is FacetKey => (FACET_KEYS as readonly string[]).includes(s);

/**
 * 'Fitment for Part #: {part number}' (§2): the part's notes, its result, and for a 'maybe' the
 * choices of the next facet to settle it. A choice is saved to the shopper's vehicle, so every
 * card on the page is judged again and this modal shows the new result (or the next prompt).
 */
export function FitmentModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partNumber: string;
  part: ValidatedPart | undefined;
}) {
  const { part } = props;
  const [busy, setBusy] = useState(false);

  const choose = async (id: string, label: string) => {
    if (!part || !isFacetKey(part.name)) return;
    setBusy(true);
    try {
      await fitmentStore.save([makeFacet(part.name, Number(id), label)]);
    } catch (err) {
      logFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const text = part ? fitmentResultText(part.result) : '';
  const choices = part && part.result === 'maybe' ? sortChoices(part.name, part.choices) : [];
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title={`Fitment for Part #: ${props.partNumber}`}>
      {part && part.notes.length > 0 && (
        <ul className={styles.notes} aria-label="Fitment notes">
          {part.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {text && <p className={styles.result}>{text}</p>}
      {part?.result === 'unknown' && <p>We don't have fitment information for this part.</p>}
      {choices.length > 0 && (
        <fieldset disabled={busy} aria-busy={busy}>
          <legend>Select a {part!.label || 'value'} to check this part:</legend>
          <div className={styles.choices}>
            {choices.map((c) => (
              <Button key={c.id} variant="secondary" onClick={() => void choose(c.id, c.label)}>
                {c.label}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
    </Modal>
  );
}
