/**
 * `npx tsx bench/tools/executeTransfer.ts [transfers]`: the executor alone on APT transfers
 * between existing accounts, in process (no HTTP, no signature checks, no block production): µs
 * of `execute()` per transfer, after a warm-up. For A/B runs of executor changes back to back
 * (check out each side in a worktree), and for `node --import tsx --cpu-prof`.
 */
import { Account, U64 } from '@aptos-labs/ts-sdk';
import { execute } from '../../localnet/executor/execute.ts';
import { BLOCK, rawTransaction, signed, World } from '../../tests/localnet/inProcess.ts';

const total = Number(process.argv[2] ?? 2000);
const world = new World();
const senders = Array.from({ length: 50 }, () => Account.generate());
const recipients = Array.from({ length: 50 }, () => Account.generate());
for (const account of [...senders, ...recipients]) world.fund(account.accountAddress, 10n ** 10n);
const transfers = Array.from({ length: total }, (_, i) => {
  const sender = senders[i % 50] as Account;
  const recipient = recipients[i % 50] as Account;
  return signed(
    sender,
    rawTransaction(
      sender.accountAddress,
      '0x1::aptos_account::transfer',
      [recipient.accountAddress, new U64(5n)],
      { sequenceNumber: BigInt(Math.floor(i / 50)) },
    ),
  );
});
for (const tx of transfers.slice(0, 200)) execute(tx, world, BLOCK);
const start = performance.now();
const cpu = process.cpuUsage();
for (const tx of transfers) {
  const output = execute(tx, world, BLOCK);
  if (!output.success) throw new Error(output.vmStatus);
}
const micros = ((performance.now() - start) * 1000) / transfers.length;
// CPU time moves less than wall time when the machine is shared (the process's own threads, GC included).
const { user, system } = process.cpuUsage(cpu);
console.log(
  `execute(): ${micros.toFixed(1)} µs per transfer (${transfers.length}), ` +
    `CPU ${((user + system) / transfers.length).toFixed(1)} µs`,
);
