/**
 * Tabs (WAI-ARIA tabs pattern): a tablist of buttons with roving focus (Left/Right, Home/End),
 * each tab controlling one panel. The selected tab is the caller's state (a URL parameter, say),
 * so a reload or a shared link opens the same tab.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  disabled?: boolean;
}

export function Tabs<K extends string>(props: {
  /** Accessible name of the tablist. */
  label: string;
  /** Prefix of the tab and panel ids. */
  idPrefix: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const enabled = props.items.filter((t) => !t.disabled);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const at = enabled.findIndex((t) => t.key === props.selected);
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = (at + 1) % enabled.length;
    else if (e.key === 'ArrowLeft') next = (at - 1 + enabled.length) % enabled.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = enabled.length - 1;
    if (next === null) return;
    e.preventDefault();
    const key = enabled[next]!.key;
    props.onSelect(key);
    refs.current.get(key)?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={props.label} className={styles.list}>
        {props.items.map((t) => {
          const selected = t.key === props.selected;
          return (
            <button
              key={t.key}
              ref={(el) => {
                if (el) refs.current.set(t.key, el);
                else refs.current.delete(t.key);
              }}
              type="button"
              role="tab"
              id={`${props.idPrefix}-tab-${t.key}`}
              aria-selected={selected}
              aria-controls={`${props.idPrefix}-panel-${t.key}`}
              tabIndex={selected ? 0 : -1}
              disabled={t.disabled}
              className={selected ? `${styles.tab} ${styles.selected}` : styles.tab}
              onClick={() => props.onSelect(t.key)}
              onKeyDown={onKeyDown}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${props.idPrefix}-panel-${props.selected}`}
        aria-labelledby={`${props.idPrefix}-tab-${props.selected}`}
        className={styles.panel}
      >
        {props.children}
      </div>
    </div>
  );
}
