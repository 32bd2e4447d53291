/**
 * Asks the browser not to evict this origin's storage (the outbox holds unsynced sales). Browsers
 * may grant it silently, prompt, or refuse. Resolves whether storage is persistent now; false where
 * the API is missing.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist || !storage.persisted) return false;
  try {
    return (await storage.persisted()) || (await storage.persist());
  } catch {
    return false;
  }
}

let asked: Promise<boolean> | null = null;

/** The same, at most once per tab: called after each staff login (SyncProvider). */
export function requestPersistentStorageOnce(): Promise<boolean> {
  asked ??= requestPersistentStorage();
  return asked;
}
