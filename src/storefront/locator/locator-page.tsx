/**
 * The dealer locator page (storefront.md §2 "Dealer locator", §4 "Store locator", §5, §9;
 * docs/decisions/storefront.md "Dealer locator"): a search form (ZIP, city or store name), the
 * distance selector (10 to 250 miles, default 25), filter chips (location types, the active one
 * kept in the locator_filter cookie for about 30 minutes), location-type links on each store, the
 * map with markers (features/dealer-locator/locator-map.tsx: SVG, or tiles when configured; lazy),
 * per-location 'Make My Store' and 'Show Hours / Hide Hours', and the reset-store button. On
 * /information/contact (`contact`), choosing a store asks first in the store-shopping confirmation
 * modal and then goes to /product/catalog. The server renders its first screen (the stores with no
 * search) like the catalog's (docs/decisions/storefront.md "Dealer locator: first screen").
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { locatorQueryOptions, type LocatorParams } from '../../api/dealer-locator';
import { LOCATOR_SOURCE, type DealerStore } from '../../contracts/dealer-locator';
import { LOCATOR_DISTANCE_DEFAULT } from '../../domain/constants';
import { locationTypeLabel } from '../../domain/locator';
import { LocatorMap } from '../../features/dealer-locator/locator-map';
import { LocatorStatus } from '../../features/dealer-locator/locator-status';
import { StoreCard } from '../../features/dealer-locator/store-card';
import styles from '../../features/dealer-locator/dealer-locator.module.css';
import { readFilter, removeFilter, writeFilter } from '../../features/shopper-store/cookies';
import { forgetStore, useChooseStore, useShopperStore } from '../../features/shopper-store/use-shopper-store';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';

export const DISTANCES = [10, 25, 50, 100, 250] as const;

export interface LocatorPageProps {
  /** The data source base: module/dealer_locator/ (the locator page) or information/contact/. */
  source?: string;
  /** Called instead of making the store at once (the contact page's confirmation). */
  onChoose?: (store: DealerStore) => void;
  heading?: string;
}

export function LocatorPage({ source = LOCATOR_SOURCE, onChoose, heading = 'Find A Local Dealer' }: LocatorPageProps) {
  const store = useShopperStore();
  const choose = useChooseStore();
  const [text, setText] = useState('');
  const [distance, setDistance] = useState<number>(LOCATOR_DISTANCE_DEFAULT);
  const [params, setParams] = useState<LocatorParams>({});
  const [filter, setFilter] = useState<string | null>(() => readFilter());
  const [locating, setLocating] = useState(false);
  const q = useQuery(locatorQueryOptions(source, 'list', { ...params, filter: filter ?? undefined }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setParams({ search: text.trim() || undefined, distance });
  };

  const nearMe = () => {
    if (!('geolocation' in navigator)) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setParams({ lat: pos.coords.latitude, lng: pos.coords.longitude, distance });
      },
      // §8 "Geolocation denied: logged only."
      (err) => {
        setLocating(false);
        console.warn('geolocation denied', err.message);
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const toggleFilter = (type: string) => {
    if (filter === type) {
      setFilter(null);
      removeFilter();
    } else {
      setFilter(type);
      writeFilter(type);
    }
  };

  const makeMyStore = (s: DealerStore) => (onChoose ? onChoose(s) : choose(s));

  const reset = async () => {
    await forgetStore().catch((err: unknown) => console.warn('reset_store failed', err));
    location.reload();
  };

  const data = q.data?.data;
  const stores = data?.locations ?? [];
  return (
    <section aria-labelledby="locator-heading" className={styles.list}>
      <h1 id="locator-heading">{heading}</h1>
      <form className={styles.search} role="search" aria-label="Find stores" onSubmit={submit}>
        <TextField
          label="ZIP code, city or store"
          name="search"
          maxLength={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          label="Distance"
          name="distance"
          value={distance}
          onChange={(e) => setDistance(Number(e.target.value))}
        >
          {DISTANCES.map((d) => (
            <option key={d} value={d}>
              {d} miles
            </option>
          ))}
        </SelectField>
        <Button type="submit">Search</Button>
        <Button variant="secondary" onClick={nearMe} disabled={locating}>
          {locating ? 'Locating...' : 'Use My Location'}
        </Button>
      </form>
      {store.id !== null && !onChoose && (
        <div className={styles.row}>
          <p className={styles.status}>
            My Selected Store: <strong>{store.name}</strong> {store.address}
          </p>
          <Button variant="danger" onClick={() => void reset()}>
            Reset Store
          </Button>
        </div>
      )}
      {data && data.location_types.length > 1 && (
        <ul className={styles.chips} aria-label="Location types">
          {data.location_types.map((t) => (
            <li key={t}>
              <button type="button" className={styles.chip} aria-pressed={filter === t} onClick={() => toggleFilter(t)}>
                {locationTypeLabel(t)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <LocatorStatus query={q} found={stores.length} />
      {data?.show_map && <LocatorMap stores={stores} chosenId={store.id} onMakeMyStore={makeMyStore} />}
      <ul className={styles.list} aria-label="Stores">
        {stores.map((s) => {
          const isChosen = s.location_id === store.id;
          return (
            <li key={s.location_id}>
              <StoreCard
                store={s}
                chosen={isChosen}
                headingLevel="h2"
                onType={toggleFilter}
                actions={
                  <Button
                    variant={isChosen ? 'secondary' : 'primary'}
                    disabled={isChosen}
                    onClick={() => makeMyStore(s)}
                  >
                    {isChosen ? 'My Selected Store' : 'Make My Store'}
                  </Button>
                }
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default LocatorPage;
