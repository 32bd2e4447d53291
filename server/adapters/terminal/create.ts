/**
 * Picks the terminal adapter from the environment (composition root only):
 * - TERMINAL: `simulator` (default; the only adapter this build ships).
 * - TERMINAL_LATENCY_MS: how long the simulated customer takes at the reader (default 1500).
 * - TERMINAL_TIMEOUT_MS: how long the server waits for an answer before asking the terminal for
 *   the attempt's status (default 120000: a customer may take a while with a chip card).
 */
import { SimulatedTerminal } from './simulator';
import type { Terminal } from './types';

export interface TerminalConfig {
  terminal: Terminal;
  timeoutMs: number;
}

function ms(name: string, value: string | undefined, def: number): number {
  if (value === undefined || value === '') return def;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Invalid ${name}: "${value}" is not a whole number of milliseconds`);
  return n;
}

export function terminalFromEnv(env: NodeJS.ProcessEnv = process.env): TerminalConfig {
  const kind = env.TERMINAL ?? 'simulator';
  if (kind !== 'simulator') throw new Error(`Unknown TERMINAL "${kind}": this build has only "simulator"`);
  return {
    terminal: new SimulatedTerminal({ latencyMs: ms('TERMINAL_LATENCY_MS', env.TERMINAL_LATENCY_MS, 1500) }),
    timeoutMs: ms('TERMINAL_TIMEOUT_MS', env.TERMINAL_TIMEOUT_MS, 120_000),
  };
}
