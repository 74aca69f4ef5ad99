import { MILLISECOND_TIMESTAMP_FLOOR } from './limits';

/** created_at/updated_at: the spec does not give the unit; values below 1e12 are read as seconds. */
export function timestampToMs(value: number): number {
  return Math.abs(value) < MILLISECOND_TIMESTAMP_FLOOR ? value * 1000 : value;
}
