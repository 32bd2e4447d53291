import { useState, type CSSProperties } from 'react';
import type { FitmentConfig } from '../../contracts/fitment/config';
import { FitmentForm } from './form/fitment-form';
import { useFitmentSelect } from './fitment-store';
import styles from './form/form.module.css';
import { FitmentSlot } from './fitment-slot';
import { MaybePrompt } from './maybe-prompt';

/**
 * The shop's design colours (§3) as the theme tokens the block's controls already use, set only
 * where the shop chose one; hover and glow have their own variables (form.module.css).
 */
export function designStyle(d: FitmentConfig['design']): CSSProperties {
  const vars: CSSProperties & Record<`--${string}`, string> = {};
  if (d.form) vars['--color-surface'] = d.form;
  if (d.text) vars.color = d.text;
  if (d.button) vars['--color-brand'] = d.button;
  if (d.hover) vars['--fitment-hover'] = d.hover;
  if (d.glow) vars['--color-focus'] = d.glow;
  return vars;
}

/**
 * The 'Shop By Vehicle' block under the header: folded so a phone's listing stays in view; the
 * fold's line names the chosen vehicle. Hidden when vehicle lookup is off. The form inside mounts
 * when the block is first unfolded (and stays): folded, its tabs, selects and option lists were
 * rendered, re-rendered for each list read and fetched on every page load for nobody to see.
 */
export function FitmentBlock() {
  const [unfolded, setUnfolded] = useState(false);
  const config = useFitmentSelect((s) => s.config);
  const configFailed = useFitmentSelect((s) => s.configFailed);
  const vehicle = useFitmentSelect((s) => s.vehicle);
  if (!config) return configFailed ? null : <FitmentSlot />;
  if (!config.vehicle_lookup_enabled || (!config.ymm_enabled && !config.engine_family_enabled)) return null;
  return (
    <>
      <details
        className={styles.block}
        style={designStyle(config.design)}
        onToggle={(e) => e.currentTarget.open && setUnfolded(true)}
      >
        <summary className={styles.toggle}>
          {vehicle?.label ? `${config.ymm_heading}: ${vehicle.label}` : config.ymm_heading}
        </summary>
        {unfolded && <FitmentForm />}
      </details>
      <MaybePrompt />
    </>
  );
}
