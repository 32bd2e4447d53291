/**
 * The tab's read connection to the device cache the sync worker writes (same IndexedDB database).
 * Screens read through it with useLiveQuery; every change still goes through the worker's
 * mutate(), so the outbox stays the one writer of sale data.
 */
import { PartsdeskDb } from '../db/database';

let db: PartsdeskDb | null = null;

export function deviceDb(): PartsdeskDb {
  db ??= new PartsdeskDb('partsdesk');
  return db;
}
