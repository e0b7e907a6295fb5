/**
 * What a Move trace (issue 32) costs: the tight loop and a fungible-asset transfer's `execute()`
 * with tracing off, on (`calls`) and stepping (`steps`), interleaved round by round so the
 * machine's load hits every mode alike; ratios of the medians.
 */
import { Account, AccountAddress, parseTypeTag, U64 } from '@aptos-labs/ts-sdk';
import type { DecodedTransaction } from '../../localnet/executor/decode.ts';
import { execute } from '../../localnet/executor/execute.ts';
import type { TraceMode } from '../../localnet/executor/trace.ts';
import { BLOCK, rawTransaction, signed, World } from '../../tests/localnet/inProcess.ts';
import type { Metric } from '../types.ts';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

/**
 * CPU seconds of one run of the loop in each mode, `rounds` times, the modes interleaved (CPU
 * time, not wall time: on the shared 2-core machine the wall clock mostly measures the load).
 */
export function loopRatios(
  loop: (mode: TraceMode | null, iterations: bigint) => unknown,
  rounds: number,
): Metric[] {
  const run = (mode: TraceMode | null, iterations: bigint): number => {
    const started = process.cpuUsage();
    loop(mode, iterations);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1e6;
  };
  const times: Record<'off' | 'calls' | 'offSmall' | 'steps', number[]> = {
    off: [],
    calls: [],
    offSmall: [],
    steps: [],
  };
  run('calls', 100_000n); // warm-up of the traced paths
  run('steps', 10_000n);
  for (let i = 0; i < rounds; i += 1) {
    times.off.push(run(null, 1_000_000n));
    times.calls.push(run('calls', 1_000_000n));
  }
  // Apart: stepping's garbage would be collected in the next run. 20,000 iterations stay under
  // TRACE_LIMITS.steps.
  for (let i = 0; i < rounds; i += 1) {
    times.offSmall.push(run(null, 20_000n));
    times.steps.push(run('steps', 20_000n));
  }
  return [
    {
      name: 'tight loop, trace on (calls) ÷ off, median of runs',
      value: ratio(median(times.calls), median(times.off)),
      unit: '×',
      target: { op: '<=', value: 3 },
      runs: times.calls.map((t, i) => ratio(t, times.off[i] as number)),
    },
    {
      name: 'tight loop, stepping (every instruction recorded, 180,000) ÷ off',
      value: ratio(median(times.steps), median(times.offSmall)),
      unit: '×',
      runs: times.steps.map((t, i) => ratio(t, times.offSmall[i] as number)),
    },
  ];
}

/** APT transfers through `0x1::primary_fungible_store::transfer`, 50 senders, not committed. */
function transfers(count: number): { world: World; txs: DecodedTransaction[] } {
  const world = new World();
  const senders = Array.from({ length: 50 }, () => Account.generate());
  for (const account of senders) world.fund(account.accountAddress, 10n ** 10n);
  const metadata = parseTypeTag('0x1::fungible_asset::Metadata');
  const txs = Array.from({ length: count }, (_, i) => {
    const sender = senders[i % 50] as Account;
    return signed(
      sender,
      rawTransaction(
        sender.accountAddress,
        '0x1::primary_fungible_store::transfer',
        [AccountAddress.from('0xa'), Account.generate().accountAddress, new U64(5n)],
        { typeArgs: [metadata] },
      ),
    );
  });
  return { world, txs };
}

/** µs per `execute()` of a fungible-asset transfer in each mode; p50 over rounds × transfers. */
export function transferRatios(rounds: number, perRound: number): Metric[] {
  const { world, txs } = transfers(perRound);
  const modes: Array<TraceMode | null> = [null, 'calls', 'steps'];
  const times = new Map<TraceMode | null, number[]>(modes.map((m) => [m, []]));
  const once = (tx: DecodedTransaction, mode: TraceMode | null) => {
    const started = performance.now();
    const output = execute(tx, world, BLOCK, mode === null ? {} : { trace: mode });
    const micros = (performance.now() - started) * 1000;
    if (!output.success) throw new Error(output.vmStatus);
    return micros;
  };
  for (const tx of txs) for (const mode of modes) once(tx, mode); // warm-up
  for (let round = 0; round < rounds; round += 1) {
    for (const tx of txs) for (const mode of modes) times.get(mode)?.push(once(tx, mode));
  }
  const p50 = (mode: TraceMode | null) => median(times.get(mode) ?? []);
  return [
    {
      name: 'fungible-asset transfer, execute() trace off, p50',
      value: Math.round(p50(null) * 10) / 10,
      unit: 'µs',
    },
    {
      name: 'fungible-asset transfer, trace on (calls) ÷ off at p50',
      value: ratio(p50('calls'), p50(null)),
      unit: '×',
      target: { op: '<=', value: 3 },
    },
    {
      name: 'fungible-asset transfer, stepping ÷ off at p50',
      value: ratio(p50('steps'), p50(null)),
      unit: '×',
    },
  ];
}
