import { useState } from 'react';
import { FACET_KEYS, makeFacet, type FacetKey } from '../../domain/fitment-facets';
import { Button } from '../../ui/button';
import { sortChoices } from './fitment-labels';
import { fitmentStore, hasVehicle, logFailure, useFitmentSelect } from './fitment-store';
import styles from './fitment.module.css';

const isFacetKey = (s: string): s is FacetKey => (FACET_KEYS as readonly string[]).includes(s);

/**
 * §4 "A 'maybe' part prompts a choice": with a vehicle chosen, the first part on the page that
 * could fit depending on one more detail (a sub model, a bed length, an engine) asks for it here,
 * choices sorted as §4 says. The answer is saved to the vehicle, so every part is judged again and
 * the next 'maybe' part (if any) asks in turn.
 */
export function MaybePrompt() {
  const vehicle = useFitmentSelect((s) => s.vehicle);
  const nextMaybe = useFitmentSelect((s) => s.nextMaybe);
  const [busy, setBusy] = useState(false);
  if (!nextMaybe || !hasVehicle(vehicle) || !(vehicle?.hasYmm || vehicle?.hasEngine) || !isFacetKey(nextMaybe.name))
    return null;
  const key = nextMaybe.name;
  const choose = async (id: string, label: string) => {
    setBusy(true);
    try {
      await fitmentStore.answerPrompt(makeFacet(key, Number(id), label));
    } catch (err) {
      logFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const label = nextMaybe.label || 'value';
  return (
    <section className={styles.prompt} aria-labelledby="fitment-prompt-title">
      <h2 id="fitment-prompt-title" className={styles.promptTitle}>
        Select a {label} to verify fitment for part # {nextMaybe.Part}
      </h2>
      <div className={styles.choices} aria-busy={busy}>
        {sortChoices(key, nextMaybe.choices).map((c) => (
          <Button key={c.id} variant="secondary" disabled={busy} onClick={() => void choose(c.id, c.label)}>
            {c.label}
          </Button>
        ))}
      </div>
    </section>
  );
}
