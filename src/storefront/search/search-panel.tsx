/**
 * The suggestions list of the search bar: a listbox whose groups are the spec's sections. Parts
 * get a column of their own at 1439 px and wider (§2 "Search bar"), else they come first.
 */
import { formatMoney } from '../../ui/format-money';
import { SECTION_TITLES, type SearchOption, type SectionKey } from './search-options';
import styles from './search.module.css';

export interface SearchPanelProps {
  id: string;
  hidden: boolean;
  options: SearchOption[];
  active: number;
  wide: boolean;
  loading: boolean;
  empty: boolean;
  offline: boolean;
  onChoose: (option: SearchOption) => void;
  onHover: (index: number) => void;
}

export function SearchPanel({
  id,
  hidden,
  options,
  active,
  wide,
  loading,
  empty,
  offline,
  onChoose,
  onHover,
}: SearchPanelProps) {
  const option = (o: SearchOption) => {
    const i = options.indexOf(o);
    return (
      // The combobox pattern: the keyboard stays in the search input, which moves the active option
      // (aria-activedescendant) and chooses it on Enter (search-bar.tsx); a pointer clicks the option.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events
      <li
        key={o.id}
        id={o.id}
        role="option"
        aria-selected={i === active}
        className={`${styles.option} ${o.section === 'more' ? styles.more : ''}`}
        // Keep focus in the input (the combobox owns it); the click chooses.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onChoose(o)}
        // Move, not enter: a list appearing under a resting pointer must not steal the keyboard position.
        onMouseMove={() => i !== active && onHover(i)}
      >
        <span className={styles.label}>{o.label}</span>
        {o.detail && <span className={styles.detail}>{o.detail}</span>}
        {o.price && <span className={styles.price}>{formatMoney(o.price)}</span>}
      </li>
    );
  };
  const group = (section: SectionKey) => {
    const items = options.filter((o) => o.section === section);
    if (items.length === 0) return null;
    const headId = `${id}-${section}`;
    return (
      <li role="presentation" key={section} className={section === 'parts' ? styles.partsGroup : undefined}>
        <div id={headId} className={styles.heading} role="presentation">
          {SECTION_TITLES[section]}
        </div>
        <ul role="group" aria-labelledby={headId} className={styles.group}>
          {items.map(option)}
        </ul>
      </li>
    );
  };
  const more = options.find((o) => o.section === 'more');

  return (
    <div className={styles.panel} hidden={hidden}>
      {loading && <p className={styles.status}>Searching...</p>}
      {empty && <p className={styles.status}>No results!</p>}
      {offline && !empty && <p className={styles.note}>From this device's catalog</p>}
      <ul
        id={id}
        role="listbox"
        aria-label="Search suggestions"
        className={`${styles.list} ${wide ? styles.wide : ''}`}
      >
        {group('parts')}
        {group('categories')}
        {group('series')}
        {group('brands')}
        {more && (
          <li role="presentation" className={styles.moreRow}>
            <ul role="group" aria-label="More results" className={styles.group}>
              {option(more)}
            </ul>
          </li>
        )}
      </ul>
    </div>
  );
}
