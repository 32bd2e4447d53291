/**
 * The header's search bar (storefront.md §2 "Search bar"): suggestions after 250 ms of no typing
 * (§9), in sections Parts, Categories, Series and Brands, with Show More to the search page. An
 * ARIA 1.2 combobox: focus stays in the input, arrows move the active option, Enter opens it (or
 * the search page), Escape closes the list.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { analyticsPosition, partsColumnVisible, SEARCH_AUTOCOMPLETE_DEBOUNCE_MS } from '../../domain/constants';
import { listClick, useDispatchMarketing } from '../../features/marketing/marketing';
import { useMarketing } from '../../features/marketing/track';
import { toOptions, type SearchOption } from './search-options';
import { SearchPanel } from './search-panel';
import { useSearchSuggestions } from './use-search-suggestions';
import { useViewportWidth } from '../../ui/use-viewport-width';
import styles from './search.module.css';

const SEARCH_PAGE = '/index.php?route=product/search';

export function SearchBar() {
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const width = useViewportWidth();
  const navigate = useNavigate();
  const marketing = useMarketing();
  // Nothing for staff in POS mode: marketing events are the storefront's.
  const dispatchMarketing = useDispatchMarketing();
  const idBase = useId().replace(/:/g, '');
  const rootRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), SEARCH_AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const suggestions = useSearchSuggestions(debounced, width);
  const reply = debounced ? suggestions.data : undefined;
  const options = useMemo(() => (reply ? toOptions(reply, idBase) : []), [reply, idBase]);
  // A new answer (or a new text) starts the walk again from the input.
  useEffect(() => setActive(-1), [reply]);

  const expanded = open && debounced.length > 0 && (reply !== undefined || suggestions.isFetching);

  const go = (option: SearchOption) => {
    if (option.productId !== undefined && option.index !== undefined && reply) {
      // The suggestions are page 1 of the search list: the click analytics' DOM event and the tag
      // manager's select_item (§9 "list impression and click") at the same position.
      dispatchMarketing(listClick(reply.queryID, option.productId, option.index, 1, option.url));
      marketing.selectSuggestion(
        { product_id: option.productId, name: option.label, brand: option.brand ?? '', price: option.price ?? null },
        analyticsPosition(option.index, 1),
      );
    }
    let url = option.url;
    if (option.section === 'more') {
      const q = text.trim();
      // The list may still show the answer to an earlier text: Show More searches what is typed.
      if (reply && q === debounced)
        dispatchMarketing({ event: 'search', search_term: q, queryID: reply.queryID, total: reply.total });
      else url = `${SEARCH_PAGE}&search=${encodeURIComponent(q)}`;
    }
    setOpen(false);
    setActive(-1);
    void navigate(url);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    const chosen = options[active];
    if (expanded && chosen) return go(chosen);
    go({ id: 'more', section: 'more', label: 'Show More', url: reply?.show_more_url ?? '' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the input itself: the walk wraps through it, as in most comboboxes.
      setActive((i) => ((i + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  };

  // A pointer down outside closes the list; focus moving into the list does not.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const listId = `${idBase}-list`;
  return (
    <form role="search" className={styles.bar} onSubmit={submit} ref={rootRef}>
      <input
        type="search"
        className={styles.input}
        role="combobox"
        aria-label="Search parts"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? options[active].id : undefined}
        placeholder="Search part #, brand or part"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className={styles.submit} aria-label="Search">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 4a6 6 0 1 0 3.7 10.7l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4Zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8Z"
          />
        </svg>
      </button>
      <SearchPanel
        id={listId}
        hidden={!expanded}
        options={options}
        active={active}
        wide={partsColumnVisible(width)}
        loading={suggestions.isFetching && reply === undefined}
        empty={reply !== undefined && options.length === 0 && !suggestions.isFetching}
        offline={suggestions.offline}
        onChoose={go}
        onHover={setActive}
      />
    </form>
  );
}
