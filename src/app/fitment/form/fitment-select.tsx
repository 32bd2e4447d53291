import styles from './form.module.css';

export interface SelectOption {
  id: string;
  label: string;
  popular?: boolean;
}

/**
 * One cascade select: 'Select a {label}', disabled until its parent is chosen and while its list
 * loads, glowing when it is the next one to fill (§4). With `grouped` (ymm_popular_sort '1') the
 * popular values come first under 'Popular', the rest under 'All'.
 */
export function FitmentSelect(props: {
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  disabled: boolean;
  glow: boolean;
  grouped?: boolean;
  onChange: (id: string, label: string) => void;
}) {
  const { options } = props;
  const popular = props.grouped ? options.filter((o) => o.popular) : [];
  const rest = props.grouped ? options.filter((o) => !o.popular) : options;
  const render = (list: readonly SelectOption[]) =>
    list.map((o) => (
      <option key={o.id} value={o.id}>
        {o.label}
      </option>
    ));
  return (
    <select
      name={props.name}
      aria-label={`Select a ${props.label}`}
      className={`${styles.select} ${props.glow ? styles.glow : ''}`}
      value={props.value}
      disabled={props.disabled}
      onChange={(e) => props.onChange(e.target.value, e.target.selectedOptions[0]?.textContent ?? '')}
    >
      <option value="">Select a {props.label}</option>
      {popular.length > 0 ? (
        <>
          <optgroup label="Popular">{render(popular)}</optgroup>
          <optgroup label="All">{render(rest)}</optgroup>
        </>
      ) : (
        render(rest)
      )}
    </select>
  );
}
