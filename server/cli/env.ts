/**
 * What the command-line tools share: how they fail (one line, exit code 1) and read their flags.
 * Where the database is comes from server/config.ts (`databaseConfig`), as for the server.
 */

export function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** The value after `--name` in argv, or undefined. */
export function flag(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) fail(`Missing value after --${name}`);
  return v;
}

export function errorLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
}
