import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { orderTabs, type OrderTab } from '../../contracts/orders-list';
import tabStyles from '../../ui/tabs.module.css';
import styles from './orders.module.css';

export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  all: 'All',
  saved: 'Saved',
  kiosk: 'Kiosk',
  outstanding_balance: 'Outstanding Balance',
  complete: 'Complete',
  online: 'Online',
};

export interface OrderTabsProps {
  value: OrderTab;
  onChange: (tab: OrderTab) => void;
  /** Per-tab totals from the last reply; unknown until it arrives. */
  counts: Partial<Record<OrderTab, number>> | undefined;
  /** The active tab's panel. */
  children: ReactNode;
}

/**
 * Radix tabs in manual activation: arrow keys move focus, Enter/Space opens a tab, so scanning
 * through tabs does not fire a request per key press.
 */
export function OrderTabs({ value, onChange, counts, children }: OrderTabsProps) {
  return (
    <Tabs.Root value={value} onValueChange={(v) => onChange(v as OrderTab)} activationMode="manual">
      <Tabs.List className={tabStyles.tabList} aria-label="Order status">
        {orderTabs.map((tab) => (
          <Tabs.Trigger key={tab} value={tab} className={tabStyles.tab}>
            {ORDER_TAB_LABELS[tab]}
            {counts?.[tab] !== undefined && <span className={styles.count}>{counts[tab]}</span>}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {orderTabs.map((tab) => (
        <Tabs.Content key={tab} value={tab}>
          {tab === value && children}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
