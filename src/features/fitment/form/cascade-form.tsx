import type { FormEvent } from 'react';
import { FACET_LABELS, type FacetKey } from '../../../domain/fitment-facets';
import { Button } from '../../../ui/button';
import { FitmentSelect, type SelectOption } from './fitment-select';
import type { Picks } from './use-fitment-lists';
import styles from './form.module.css';

export interface CascadeField {
  key: FacetKey;
  options: readonly SelectOption[];
  loading: boolean;
  /** Popular vs All grouping (makes and models when ymm_popular_sort is '1'). */
  grouped?: boolean;
  /** Override of 'Select a {label}' (choices carry their own label). */
  label?: string;
}

/**
 * A row of cascade selects and Submit (§2 "Vehicle fitment form", §4 "Fitment cascade"): a select
 * is enabled once every select before it is chosen and its list has loaded; the first empty one
 * glows. `required` is how many leading fields Submit needs (year/make/model, or all three engine
 * fields); the optional choices after them never block it.
 */
export function CascadeForm(props: {
  label: string;
  fields: readonly CascadeField[];
  required: number;
  picks: Picks;
  busy: boolean;
  onPick: (key: FacetKey, option: SelectOption | undefined) => void;
  onSubmit: () => void;
}) {
  const { fields, picks } = props;
  const firstEmpty = fields.findIndex((f) => !picks[f.key]);
  const complete = fields.slice(0, props.required).every((f) => picks[f.key]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (complete && !props.busy) props.onSubmit();
  };
  return (
    <form className={styles.form} aria-label={props.label} onSubmit={submit} aria-busy={props.busy}>
      {fields.map((f, i) => {
        const parentsChosen = fields.slice(0, Math.min(i, props.required)).every((p) => picks[p.key]);
        return (
          <FitmentSelect
            key={f.key}
            name={f.key}
            label={f.label ?? FACET_LABELS[f.key]}
            value={picks[f.key]?.id ?? ''}
            options={f.options}
            disabled={!parentsChosen || f.loading || props.busy}
            glow={i === firstEmpty && parentsChosen && !f.loading}
            grouped={f.grouped}
            onChange={(id, label) => props.onPick(f.key, id ? { id, label } : undefined)}
          />
        );
      })}
      <Button type="submit" disabled={!complete || props.busy}>
        Submit
      </Button>
    </form>
  );
}
