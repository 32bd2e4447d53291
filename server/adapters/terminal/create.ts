/**
 * Picks the terminal adapter from the configuration (server/config.ts `terminalConfig`: TERMINAL,
 * TERMINAL_LATENCY_MS, TERMINAL_TIMEOUT_MS; composition root only, server/compose.ts).
 */
import type { TerminalConfig } from '../../config';
import { SimulatedTerminal } from './simulator';
import type { Terminal } from './types';

export interface TerminalSetup {
  terminal: Terminal;
  timeoutMs: number;
}

export function terminalFrom(cfg: TerminalConfig): TerminalSetup {
  return { terminal: new SimulatedTerminal({ latencyMs: cfg.latencyMs }), timeoutMs: cfg.timeoutMs };
}
