import { readableTextColor } from './readable-color';
import styles from './status-badge.module.css';

/** A status name in the colours the shop configured for it (order_statuses), its text kept readable. */
export function StatusBadge({
  name,
  color,
  textColor,
}: {
  name: string;
  color?: string | null;
  textColor?: string | null;
}) {
  return (
    <span
      className={styles.badge}
      style={{ backgroundColor: color || undefined, color: readableTextColor(color, textColor) }}
    >
      {name}
    </span>
  );
}
