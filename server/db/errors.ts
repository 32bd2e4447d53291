/**
 * The database could not be opened. The message is ONE line a shop owner can act on: what failed,
 * where (directory, or URL without password) and, when known, what to do about it.
 * `inUseBy` is set when another live process holds the embedded data directory (its pid, or null
 * when it could not be read), so tools can tailor their advice.
 */
export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError';

  constructor(
    message: string,
    readonly inUseBy?: { pid: number | null },
  ) {
    super(message);
  }
}
