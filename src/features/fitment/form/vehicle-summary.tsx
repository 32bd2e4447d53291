import { FACET_KEYS } from '../../../domain/fitment-facets';
import type { VehicleReply } from '../../../contracts/fitment/vehicle';
import { Button } from '../../../ui/button';
import styles from './form.module.css';

/**
 * The chosen vehicle (§2): each facet as 'label: value' with its remove control, 'Show Universal
 * Parts', Reset; and the application panel with 'Reset Vehicle'.
 */
export function VehicleSummary(props: {
  vehicle: VehicleReply;
  busy: boolean;
  onRemove: (key: string) => void;
  onToggleUniversal: () => void;
  onReset: () => void;
}) {
  const { vehicle, busy } = props;
  return (
    <div aria-busy={busy}>
      <ul className={styles.summary} aria-label="Your vehicle">
        {FACET_KEYS.map((k) => {
          const f = vehicle.facets[k];
          if (!f) return null;
          return (
            <li key={k} className={styles.facet}>
              <span>
                {f.label_field}: {f.label_value}
              </span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove ${f.label_field}`}
                disabled={busy}
                onClick={() => props.onRemove(k)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className={styles.row}>
        <label className={styles.check}>
          <input type="checkbox" checked={vehicle.showUniversal} disabled={busy} onChange={props.onToggleUniversal} />
          Show Universal Parts
        </label>
        <Button variant="secondary" disabled={busy} onClick={props.onReset}>
          Reset
        </Button>
      </div>
      <div className={styles.panel} role="status">
        <span>
          Shopping for: <strong>{vehicle.label}</strong>
        </span>
        <Button variant="ghost" disabled={busy} onClick={props.onReset}>
          Reset Vehicle
        </Button>
      </div>
    </div>
  );
}
