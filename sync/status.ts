/** What the engine reports to the UI (the status indicator reads only this). */
export interface SyncStatus {
  online: boolean;
  /** Mutations waiting for the server. */
  pending: number;
  /** Age of the oldest waiting mutation; null when none wait. */
  oldestPendingAgeMs: number | null;
  /** ISO time of the last complete push + pull. */
  lastSuccess: string | null;
  /** Rejections staff have not resolved. */
  conflicts: number;
  /** The session expired: the queue is kept, sign in to continue. */
  needsLogin: boolean;
  /** The server speaks another protocol: reload the app. */
  needsUpdate: boolean;
  /** Why the queue cannot move (blocked batch, recovery gap); null when it can. */
  error: string | null;
  /** Pull progress while pages are coming in. */
  progress: { applied: number; remaining: number } | null;
}
