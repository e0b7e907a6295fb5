/**
 * The API a test runner uses (localnet/index.ts): seeded accounts, the typed dev controls and a
 * stop() that leaves nothing open. The packed package is exercised in package.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Account,
  Aptos,
  AptosConfig,
  Ed25519PrivateKey,
  Network,
  type AccountAddressInput,
} from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from '../../localnet/config.ts';
import { deriveAccounts, startLocalnet, type Localnet } from '../../localnet/index.ts';

const aptosOf = (localnet: Localnet) =>
  new Aptos(
    new AptosConfig({
      network: Network.CUSTOM,
      fullnode: localnet.urls.rest,
      faucet: localnet.urls.faucet,
    }),
  );

/** GET without keep-alive: the status once the connection has closed. */
const status = (url: string) =>
  new Promise<number | undefined>((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.socket.once('close', () => resolve(response.statusCode));
    }).once('error', reject);
  });

const balanceOf = async (localnet: Localnet, address: string) =>
  (await fetch(`${localnet.urls.rest}/accounts/${address}/balance/0xa`)).text();

describe('seeded accounts', () => {
  it('are the same on every run for a seed, funded, and differ for another seed', async () => {
    const options = { seed: 'x', count: 4, balance: '100000000' } as const;
    const first = await startLocalnet({ ephemeral: true, ports: 'auto', accounts: options });
    const second = await startLocalnet({ ephemeral: true, ports: 'auto', accounts: options });
    try {
      expect(first.accounts).toHaveLength(4);
      expect(second.accounts).toEqual(first.accounts);
      // Pinned: SHA3-256("aptos-localnet/x/0") as the Ed25519 private key.
      expect(first.accounts[0]).toEqual({
        address: '0x912d6edcdd32d5302ed4c3d9c0a2ab166d13210e61f388e9cbe1ff81630618ac',
        privateKey:
          'ed25519-priv-0x66b2b81e2de9de1eb47db758122fb97338f74f5dfa86f565705741b1dab56a0a',
        publicKey: '0xf366423244c1d19eaf2389b2d10d7ee3086c95464b1d8f326e4f67e72116ee20',
        balance: '100000000',
      });
      for (const account of first.accounts) {
        expect(await balanceOf(first, account.address)).toBe('100000000');
        const key = new Ed25519PrivateKey(account.privateKey);
        expect(Account.fromPrivateKey({ privateKey: key }).accountAddress.toStringLong()).toBe(
          account.address,
        );
      }
      expect(new Set(first.accounts.map((account) => account.address)).size).toBe(4);
      const other = deriveAccounts({ ...options, seed: 'y' });
      expect(other.map((account) => account.address)).not.toContain(first.accounts[0]?.address);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('are funded once: a chain restarted from its data dir leaves their balances', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'localnet-accounts-'));
    const options = { dataDir, ports: 'auto', accounts: { seed: 'durable', count: 2 } } as const;
    try {
      const first = await startLocalnet(options);
      const address = first.accounts[0]?.address ?? '';
      await first.fund(address, 5n);
      await first.stop();
      const again = await startLocalnet(options);
      try {
        expect(await balanceOf(again, address)).toBe('100000000005');
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("follow the ts-sdk's derivation path for a mnemonic", () => {
    const mnemonic =
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    const [, second] = deriveAccounts({ mnemonic, count: 2 });
    const expected = Account.fromDerivationPath({ path: "m/44'/637'/1'/0'/0'", mnemonic });
    expect(second?.address).toBe(expected.accountAddress.toStringLong());
  });

  it('refuse a number amount, a negative count, and neither or both of seed and mnemonic', async () => {
    expect(() => deriveAccounts({ seed: 'x', balance: 5 as unknown as string })).toThrow(
      RangeError,
    );
    expect(() => deriveAccounts({ seed: 'x', count: -1 })).toThrow(RangeError);
    expect(() => deriveAccounts({})).toThrow(TypeError);
    expect(() => deriveAccounts({ seed: 'x', mnemonic: 'y' })).toThrow(TypeError);
    await expect(
      startLocalnet({ ephemeral: true, ports: 'auto', accounts: { seed: 'x', balance: '-1' } }),
    ).rejects.toThrow(/u64/);
  });
});

describe('dev controls on the returned object', () => {
  let localnet: Localnet;
  let alice: Account;
  const bob = `0x${'b0'.repeat(32)}` as const;

  beforeAll(async () => {
    localnet = await startLocalnet({
      ephemeral: true,
      ports: 'auto',
      mining: { mode: 'instant' },
      accounts: { seed: 'controls', count: 1, balance: 1_000_000_000n },
    });
    alice = Account.fromPrivateKey({
      privateKey: new Ed25519PrivateKey(localnet.accounts[0]?.privateKey ?? ''),
    });
  });
  afterAll(() => localnet.stop());

  const transfer = async (to: AccountAddressInput, amount: number) => {
    const aptos = aptosOf(localnet);
    const transaction = await aptos.transferCoinTransaction({
      sender: alice.accountAddress,
      recipient: to,
      amount,
    });
    return aptos.signAndSubmitTransaction({ signer: alice, transaction });
  };

  it('fund takes a bigint or a decimal string, never a number, and resolves once committed', async () => {
    const hash = await localnet.fund(bob, 12n);
    expect(await balanceOf(localnet, bob)).toBe('12');
    expect(localnet.node.getTransactionByHash(hash).success).toBe(true);
    await localnet.fund(bob, '18446744073709551000');
    expect(await balanceOf(localnet, bob)).toBe('18446744073709551012');
    await expect(localnet.fund(bob, 5 as unknown as string)).rejects.toThrow(RangeError);
    await expect(localnet.fund('0xnot-an-address', 5n)).rejects.toThrow(TypeError);
  });

  it('revert undoes what came after the snapshot, the clock included', async () => {
    const before = await balanceOf(localnet, alice.accountAddress.toStringLong());
    const id = localnet.snapshot();
    await aptosOf(localnet).waitForTransaction({ transactionHash: (await transfer(bob, 7)).hash });
    localnet.advanceClock(3_600);
    expect(localnet.clock().offsetMicros).toBe(3_600_000_000n);
    expect(await balanceOf(localnet, alice.accountAddress.toStringLong())).not.toBe(before);
    localnet.revert(id);
    expect(await balanceOf(localnet, alice.accountAddress.toStringLong())).toBe(before);
    expect(localnet.clock().offsetMicros).toBe(0n);
    expect(() => localnet.revert(id)).toThrow(/Unknown snapshot id/);
  });

  it('advanceClock moves the ledger time; resetClock clears the offset', () => {
    // Ledger time never goes back, even after resetClock: revert, so later tests' expirations hold.
    const id = localnet.snapshot();
    const ledgerBefore = localnet.clock().ledgerMicros;
    const now = localnet.advanceClock(86_400n);
    expect(now - ledgerBefore).toBeGreaterThanOrEqual(86_400_000_000n);
    expect(localnet.clock().ledgerMicros).toBeGreaterThanOrEqual(ledgerBefore + 86_400_000_000n);
    expect(localnet.resetClock()).toBe(86_400_000_000n);
    expect(() => localnet.advanceClock(-1)).toThrow(RangeError);
    localnet.revert(id);
  });

  it('manual mining: fund resolves when queued and mine() commits it', async () => {
    localnet.setMining({ mode: 'manual' });
    try {
      const hash = await localnet.fund(bob, 1n);
      expect(localnet.node.getTransactionByHash(hash).type).toBe('pending_transaction');
      expect(localnet.mine()).toBe(1);
      expect(localnet.node.getTransactionByHash(hash).success).toBe(true);
    } finally {
      localnet.setMining({ mode: 'instant' });
    }
  });

  it('faults: the next submission is refused, then clearFaults lets them through', async () => {
    expect(localnet.setFaults({ rejectNext: 1 })).toMatchObject({ rejectNext: 1 });
    await expect(transfer(bob, 1)).rejects.toThrow(/mempool_is_full|Mempool is full/);
    localnet.setFaults({ holdNext: 5 });
    localnet.clearFaults();
    expect(localnet.node.getFaults()).toEqual({ delayCommitsMs: 0, holdNext: 0, rejectNext: 0 });
    const pending = await transfer(bob, 1);
    const done = await aptosOf(localnet).waitForTransaction({ transactionHash: pending.hash });
    expect(done.success).toBe(true);
  });
});

describe('start and stop', () => {
  it('is ready well under a second with instant mining, accounts included', async () => {
    const started = performance.now();
    const localnet = await startLocalnet({
      ephemeral: true,
      ports: 'auto',
      mining: { mode: 'instant' },
      accounts: { seed: 'fast', count: 10 },
    });
    const readyMs = performance.now() - started;
    try {
      expect((await fetch(localnet.urls.readiness)).status).toBe(200);
      expect(readyMs).toBeLessThan(1_000);
    } finally {
      await localnet.stop();
    }
  });

  it('stop() leaves no handle open: no server, socket, timer or worker', async () => {
    const count = (names: string[]) =>
      names.reduce((counts, name) => counts.set(name, (counts.get(name) ?? 0) + 1), new Map());
    const before = count(process.getActiveResourcesInfo());
    const localnet = await startLocalnet({ ports: 'auto', ephemeral: true });
    await localnet.fund(`0x${'c0'.repeat(32)}`, 1n);
    // Without keep-alive, so that no socket of this client outlives its request.
    expect(await status(localnet.urls.readiness)).toBe(200);
    expect(await status(`${localnet.urls.rest}/`)).toBe(200);
    const during = process.getActiveResourcesInfo();
    expect(during.filter((name) => name === 'TCPServerWrap').length).toBeGreaterThanOrEqual(4);
    await localnet.stop();
    // Nothing more of any kind than before the start (the runner's own may have ended meanwhile).
    for (const [name, after] of count(process.getActiveResourcesInfo()))
      expect(after, name).toBeLessThanOrEqual(before.get(name) ?? 0);
  });
});

describe('seeded accounts on the command line', () => {
  it('--seed, --accounts and --balance become the accounts option', () => {
    const parsed = parseCommandLine(['--seed', 'x', '--accounts', '2', '--balance', '5']);
    expect(parsed.help === false && parsed.options.accounts).toEqual({
      seed: 'x',
      count: 2,
      balance: '5',
    });
    const bare = parseCommandLine(['--seed', 'x']);
    expect(bare.help === false && bare.options.accounts).toEqual({ seed: 'x' });
  });

  it.each([
    [['--accounts', '2'], '--accounts and --balance need --seed'],
    [['--seed', 'x', '--accounts', 'two'], '--accounts must be a whole number'],
    [['--seed', 'x', '--balance', '1.5'], '--balance must be a whole number of octas'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});
