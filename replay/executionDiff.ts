import type { JsonValue, SimulationResult, WorkbenchRun } from '../machines';
import { balanceChanges } from './balanceChanges';

/** What an execution produced, from a simulation or a committed transaction: the same facts. */
export type ExecutionFacts = SimulationResult;

/** One compared aspect: VM status, gas, events, balance changes or write set. */
export interface DiffRow {
  aspect: 'VM status' | 'gas used' | 'events' | 'balance changes' | 'write set';
  /** One line per item (an event, a balance change, a write-set entry), for display. */
  original: string[];
  now: string[];
  same: boolean;
}

type JsonObject = { [key: string]: JsonValue };
const isObject = (value: JsonValue | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function eventLine(event: JsonValue): string {
  if (!isObject(event)) return JSON.stringify(event);
  return `${String(event.type)} ${JSON.stringify(event.data ?? null)}`;
}

function changeLine(change: JsonValue): string {
  if (!isObject(change)) return JSON.stringify(change);
  const data = isObject(change.data) ? change.data : null;
  const what =
    data?.type ?? change.resource ?? change.module ?? change.handle ?? change.state_key_hash;
  const value = data?.data ?? change.data ?? null;
  return `${String(change.type)} ${String(change.address ?? '')} ${String(what ?? '')} ${JSON.stringify(value)}`;
}

/**
 * The facts to compare a re-simulation with: the committed transaction when there is one, else
 * the recorded simulation.
 */
export function originalFacts(record: WorkbenchRun): ExecutionFacts | null {
  const { chain } = record;
  if (chain.success !== null && chain.vmStatus !== null && chain.gasUsed !== null) {
    return {
      success: chain.success,
      vmStatus: chain.vmStatus,
      gasUsed: chain.gasUsed,
      gasUnitPrice: chain.built?.gasUnitPrice ?? null,
      events: chain.events,
      changes: chain.changes,
    };
  }
  return chain.simulation
    ? {
        ...chain.simulation,
        gasUnitPrice: chain.simulation.gasUnitPrice ?? chain.built?.gasUnitPrice ?? null,
      }
    : null;
}

/**
 * Compares two executions side by side: VM status, gas used, events, APT balance changes and
 * the write set. Sequence numbers and timestamps that always move are part of the write set and
 * show as differences there; the other aspects say whether the outcome itself changed.
 *
 * @param args.original - the recorded execution.
 * @param args.now - the new one.
 * @param args.sender - the sender (pays the fee), for balance changes.
 * @param args.nowSender - the new execution's sender when another account sent it.
 * @returns one row per aspect.
 */
export function diffExecutions(args: {
  original: ExecutionFacts;
  now: ExecutionFacts;
  sender: string;
  nowSender?: string;
}): DiffRow[] {
  const balances = (facts: ExecutionFacts, sender: string) =>
    balanceChanges({
      events: facts.events,
      changes: facts.changes,
      sender,
      gasUsed: facts.gasUsed,
      gasUnitPrice: facts.gasUnitPrice ?? '0',
      candidates: [],
    }).map((change) => `${change.account} ${change.deltaOctas}`);
  const row = (aspect: DiffRow['aspect'], original: string[], now: string[]): DiffRow => ({
    aspect,
    original,
    now,
    same: JSON.stringify(original) === JSON.stringify(now),
  });
  const { original, now } = args;
  return [
    row(
      'VM status',
      [`${original.success ? 'success' : 'failure'}: ${original.vmStatus}`],
      [`${now.success ? 'success' : 'failure'}: ${now.vmStatus}`],
    ),
    row('gas used', [original.gasUsed], [now.gasUsed]),
    row('events', original.events.map(eventLine), now.events.map(eventLine)),
    row(
      'balance changes',
      balances(original, args.sender),
      balances(now, args.nowSender ?? args.sender),
    ),
    row('write set', original.changes.map(changeLine), now.changes.map(changeLine)),
  ];
}
