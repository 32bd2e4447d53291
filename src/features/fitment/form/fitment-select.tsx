import styles from './form.module.css';

export interface SelectOption {
  id: string;
  label: string;
  popular?: boolean;
}

/**
 * §9 Popular versus All: the popular rows under 'Popular', then every row (popular ones too) under
 * 'All' by name, so a shopper who reads the alphabetical list still finds Ford there. Ungrouped,
 * the server's order stands.
 */
export function groupOptions(
  options: readonly SelectOption[],
  grouped: boolean,
): { popular: SelectOption[]; all: readonly SelectOption[] } {
  if (!grouped) return { popular: [], all: options };
  const popular = options.filter((o) => o.popular);
  const all =
    popular.length === 0
      ? options
      : [...options].sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
  return { popular, all };
}

/**
 * One cascade select: 'Select a {label}', disabled until its parent is chosen and while its list
 * loads, glowing when it is the next one to fill (§4). With `grouped` (ymm_popular_sort '1') the
 * options are grouped by groupOptions.
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
  const { popular, all } = groupOptions(props.options, props.grouped === true);
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
          <optgroup label="All">{render(all)}</optgroup>
        </>
      ) : (
        render(all)
      )}
    </select>
  );
}
