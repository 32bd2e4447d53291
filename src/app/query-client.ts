import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { sessionQueryOptions } from '../api/get-session';
import { setCsrfSource } from '../api/http';

/** A refusal (4xx) will not change on retry; network faults and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // 'offlineFirst': try the request even when navigator says offline (tablets on flaky wifi
        // report it wrongly), so screens reach an error state instead of waiting forever.
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  });
}

/**
 * The browser's one query client: the providers hand it to React, and the first page's route
 * loaders (src/app/first-render.ts) fill it before the first render.
 */
export const appQueryClient = createQueryClient();

// A state-changing call made before the page knows its CSRF token waits for the session read the
// screen makes anyway (one read: fetchQuery joins it when it is in flight).
setCsrfSource(() => appQueryClient.fetchQuery(sessionQueryOptions));
