// Compiled with tsc --noEmit: the package's public types as a TypeScript user sees them.
import { startLocalnet, type Localnet, type LocalnetAccount } from '@tx-workbench/localnet';

const localnet: Localnet = await startLocalnet({
  ports: 'auto',
  accounts: { seed: 'types', count: 1, balance: 5n },
});
const first: LocalnetAccount | undefined = localnet.accounts[0];
const id: string = localnet.snapshot();
const hash: `0x${string}` = await localnet.fund(first?.address ?? '0x1', '100');
localnet.revert(id);
localnet.setMining({ mode: 'manual' });
const mined: number = localnet.mine();
const now: bigint = localnet.advanceClock(60);
// @ts-expect-error amounts are bigints or decimal strings, never numbers
await localnet.fund('0x1', 100);
export const seen = [hash, mined, now, localnet.urls.rest];
await localnet.stop();
