// The chain-log bench's load process (`bench/sections/chainlog.ts` spawns it with --expose-gc):
// commits transfers through the node's normal submit path into a durable data dir, measures RSS
// after GC before and after, prints one JSON line, and exits without stopping the chain (as a
// crash would), so the restart that follows reads the log's tail after the last checkpoint.
import { AccountAddress, U64 } from '@aptos-labs/ts-sdk';
import { Ed25519Signer } from '../localnet/signer.ts';
import { LocalNode } from '../localnet/node/node.ts';

const [dataDir, countArg, warmUpArg] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: chainlogWorker.ts <data dir> [count] [warm-up]');
const COUNT = Number(countArg ?? 100_000);
const WARM_UP = Number(warmUpArg ?? 5_000);
const SENDERS = 1_000;
const BATCH = 2_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

const node = new LocalNode({ dataDir, reset: true, mining: { mode: 'instant' } });
const senders = Array.from({ length: SENDERS }, () => Ed25519Signer.generate());
const sequence = senders.map(() => 0n);
const expiration = BigInt(Math.floor(Date.now() / 1000) + 3_600);

async function committed(target: number): Promise<void> {
  while (node.ledger.userTransactionCount < target)
    await new Promise((resolve) => setImmediate(resolve));
}

async function transfers(count: number): Promise<void> {
  let next = 0;
  while (next < count) {
    const size = Math.min(BATCH, count - next);
    const target = node.ledger.userTransactionCount + size;
    const submits: Array<Promise<unknown>> = [];
    for (let i = 0; i < size; i += 1) {
      const k = (next + i) % SENDERS;
      const from = senders[k] as Ed25519Signer;
      const to = senders[(k + 1) % SENDERS] as Ed25519Signer;
      const bytes = from.signEntryFunction({
        function: '0x1::aptos_account::transfer',
        args: [AccountAddress.from(to.address), new U64(1n)],
        sequenceNumber: sequence[k] as bigint,
        expirationSecs: expiration,
        chainId: node.chainId,
        maxGasAmount: 2_000n,
      });
      sequence[k] = (sequence[k] as bigint) + 1n;
      submits.push(node.submit(bytes));
    }
    await Promise.all(submits);
    await committed(target);
    next += size;
  }
}

async function settledRss(): Promise<{ rss: number; heap: number }> {
  for (let i = 0; i < 4; i += 1) {
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed + usage.external + usage.arrayBuffers };
}

const fundedTarget = node.ledger.userTransactionCount + SENDERS;
for (const sender of senders) node.fund(sender.address, 10_000_000_000n);
await committed(fundedTarget);
await transfers(WARM_UP);
const before = await settledRss();
const started = performance.now();
const first = node.ledger.userTransactionCount;
await transfers(COUNT);
const seconds = (performance.now() - started) / 1000;
const after = await settledRss();
console.log(
  JSON.stringify({
    transactions: node.ledger.userTransactionCount - first,
    totalTransactions: node.ledger.userTransactionCount,
    ledgerVersion: node.ledger.version,
    seconds,
    rssBefore: before.rss,
    rssAfter: after.rss,
    heapBefore: before.heap,
    heapAfter: after.heap,
  }),
);
process.exit(0);
