/**
 * PGlite's one connection, handed from one holder to the next through a turn of the event loop.
 *
 * PGlite runs in this process and answers through promises only: a statement, the pool's hand-over
 * of its one client to the next waiter and that waiter's statement all run as one chain of
 * microtasks. With work queued (fifty new devices' requests, say), the event loop never gets a
 * turn until the queue is empty: no socket is read, no /healthz answered, no timer run (measured:
 * 300 statements in a row let a 1 ms timer run 4 times in 300 ms; with a turn between them, 195
 * times at the same total). Deferring each release by one `setImmediate` lets the loop poll its
 * sockets between two holders; new requests then queue for the connection behind those already
 * waiting, in order. docs/decisions/sync.md "First-sync storm latency".
 *
 * Must stay true: a transaction holds the client from BEGIN to COMMIT (Kysely acquires once per
 * transaction), so nothing is interleaved inside one; only the hand-over between holders waits.
 */
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

export function takingTurns(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: client.query.bind(client),
        release: () => void setImmediate(() => client.release()),
      };
    },
    end: () => pool.end(),
  };
}
