import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ModeProvider } from './mode-provider';
import { appQueryClient } from './query-client';
import { CompareListProvider } from '../features/shop-cart/compare-list';

/** Providers that live outside the router. The toast provider sits inside it (root-layout.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={appQueryClient}>
      <ModeProvider>
        <CompareListProvider>{children}</CompareListProvider>
      </ModeProvider>
    </QueryClientProvider>
  );
}
