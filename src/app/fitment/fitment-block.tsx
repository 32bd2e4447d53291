import { FitmentForm } from './form/fitment-form';
import { useFitmentSnapshot } from './fitment-store';
import styles from './form/form.module.css';
import { FitmentSlot } from './fitment-slot';

/**
 * The 'Shop By Vehicle' block under the header: folded so a phone's listing stays in view; the
 * fold's line names the chosen vehicle. Hidden when vehicle lookup is off.
 */
export function FitmentBlock() {
  const { config, configFailed, vehicle } = useFitmentSnapshot();
  if (!config) return configFailed ? null : <FitmentSlot />;
  if (!config.vehicle_lookup_enabled || (!config.ymm_enabled && !config.engine_family_enabled)) return null;
  return (
    <details className={styles.block}>
      <summary className={styles.toggle}>{vehicle?.label ? `${config.ymm_heading}: ${vehicle.label}` : config.ymm_heading}</summary>
      <FitmentForm />
    </details>
  );
}
