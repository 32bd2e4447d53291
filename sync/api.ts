/**
 * The sync worker's API as the UI sees it through comlink (STYLE.md habit 7): handler groups per
 * area, intersected into one type. UI code imports this file with `import type` only.
 */
import type { Refusal } from '../src/domain/refusal';
import type { ConflictEntry } from '../src/db/database';
import type { CycleResult } from './engine';
import type { SyncStatus } from './status';

export interface SessionHandlers {
  /** Base URL of the server and the install's database name; call once after the worker starts. */
  init(opts: { baseUrl: string; dbName?: string }): Promise<void>;
  /** After login (or a restored session): the acting user and the CSRF token pushes must carry. */
  setSession(session: { user: { id: string; role: string }; csrfToken: string }): Promise<void>;
}

export interface MutationHandlers {
  /** Applies at once on the device and queues for the server; a refusal writes nothing. */
  mutate(name: string, args: unknown): Promise<{ ok: true; id: number } | Refusal>;
}

export interface SyncHandlers {
  syncNow(): Promise<CycleResult>;
  status(): Promise<SyncStatus>;
  /** Mutations the server rejected that staff have not dismissed (code + the spec's message). */
  conflicts(): Promise<ConflictEntry[]>;
  dismissConflict(id: number): Promise<void>;
  /** `onChange` must be wrapped with comlink's proxy(); the result unsubscribes. */
  subscribe(onChange: () => void): Promise<() => void>;
}

export type SyncWorkerApi = SessionHandlers & MutationHandlers & SyncHandlers;
