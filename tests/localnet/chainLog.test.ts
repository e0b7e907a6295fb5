// Committed history lives in the log (issue #18 item 6): memory holds an index and the current
// state, reads of old transactions come back from the log, and a restart starts from a state
// checkpoint. Every read answers the same before and after a restart and with the caches emptied.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AccountAddress, U64 } from '@aptos-labs/ts-sdk';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Ed25519Signer } from '../../localnet/signer.ts';
import { DECODED_CACHE_LIMIT } from '../../localnet/node/history.ts';
import { LocalNode } from '../../localnet/node/node.ts';
import { RECORD_CACHE_LIMIT } from '../../localnet/storage/ledger.ts';
import {
  DurableLog,
  LogCorruptionError,
  type EntryPosition,
  type LogEntry,
} from '../../localnet/storage/log.ts';
import { removeTempDirs, tempDataDir } from './helpers';

afterAll(removeTempDirs);

const SENDERS = 8;

/** A chain in process on a data dir, with funded senders and `count` transfers committed. */
async function chainWithHistory(dir: string, count: number) {
  const node = new LocalNode({ dataDir: dir, verifyThreads: 0 });
  const senders = Array.from({ length: SENDERS }, () => Ed25519Signer.generate());
  const committed = async (target: number) => {
    while (node.ledger.userTransactionCount < target)
      await new Promise((resolve) => setImmediate(resolve));
  };
  const funded = node.ledger.userTransactionCount + SENDERS;
  for (const sender of senders) node.fund(sender.address, 1_000_000_000n);
  await committed(funded);
  const sequence = senders.map(() => 0n);
  const submitBatch = async (size: number, start: number) => {
    const target = node.ledger.userTransactionCount + size;
    const submits: Array<Promise<unknown>> = [];
    for (let i = 0; i < size; i += 1) {
      const k = (start + i) % SENDERS;
      const from = senders[k] as Ed25519Signer;
      submits.push(
        node.submit(
          from.signEntryFunction({
            function: '0x1::aptos_account::transfer',
            args: [
              AccountAddress.from((senders[(k + 3) % SENDERS] as Ed25519Signer).address),
              // One in seven asks for more than the sender has: it commits as a failure.
              new U64(i % 7 === 0 ? 10_000_000_000n : BigInt(1 + i)),
            ],
            sequenceNumber: sequence[k] as bigint,
            expirationSecs: BigInt(Math.floor(Date.now() / 1000) + 600),
            chainId: node.chainId,
            maxGasAmount: 2_000n,
          }),
        ),
      );
      sequence[k] = (sequence[k] as bigint) + 1n;
    }
    await Promise.all(submits);
    await committed(target);
  };
  for (let done = 0; done < count; done += 100)
    await submitBatch(Math.min(100, count - done), done);
  return { node, senders, submitBatch };
}

/** Every read of every committed transaction, block and old state, as JSON text. */
function everyRead(node: LocalNode, senders: Ed25519Signer[]): string[] {
  const reads: string[] = [];
  const { ledgerVersion: version, blockHeight } = node.ledgerInfo();
  for (let v = 0; v <= version; v += 1) {
    const tx = node.getTransactionByVersion(BigInt(v));
    reads.push(JSON.stringify(tx));
    reads.push(JSON.stringify(node.getTransactionByHash(String(tx.hash))));
    if (v % 5 === 0) reads.push(JSON.stringify(node.getBlockByVersion(BigInt(v), false)));
  }
  for (let start = 0; start <= version; start += 25)
    reads.push(JSON.stringify(node.getTransactions({ start: BigInt(start), limit: 25 })));
  reads.push(JSON.stringify(node.getTransactions({})));
  for (let height = 0; height <= blockHeight; height += 1)
    reads.push(JSON.stringify(node.getBlockByHeight(BigInt(height), true)));
  for (const sender of senders) {
    reads.push(
      JSON.stringify(node.getAccountTransactions(sender.address, { start: 0n, limit: 1000 })),
    );
    reads.push(JSON.stringify(node.getAccountTransactions(sender.address, {})));
    // State at old versions comes from the writes stored in the log.
    for (let v = 0; v <= version; v += Math.max(1, Math.floor(version / 12))) {
      reads.push(JSON.stringify(node.getResources(sender.address, { version: BigInt(v) })));
      reads.push(
        String(
          node.getBalance(sender.address, { coinType: '0x1::aptos_coin::AptosCoin' }, BigInt(v)),
        ),
      );
    }
  }
  return reads;
}

describe('committed history in the log', () => {
  it('answers every read the same after the caches are emptied and after restarts', async () => {
    const dir = tempDataDir();
    const { node, senders, submitBatch } = await chainWithHistory(dir, 120);
    const failures = node
      .getTransactions({ start: 0n, limit: 10_000 })
      .filter((tx) => tx.type === 'user_transaction' && tx.success === false);
    expect(failures.length).toBeGreaterThan(0);
    const before = everyRead(node, senders);
    expect(before.length).toBeGreaterThan(300);

    node.evictReadCaches();
    expect(node.readCacheSizes()).toEqual({ decoded: 0, records: 0 });
    expect(everyRead(node, senders)).toEqual(before);

    // Crash after a checkpoint: the restart reads only the log's tail after it.
    node.writeCheckpoint();
    await submitBatch(20, 0);
    const afterMore = everyRead(node, senders);
    const probe = DurableLog.open({ dir }).log;
    const totalEntries = [...probe.entries()].length;
    probe.close();
    const crashed = new LocalNode({ dataDir: dir, verifyThreads: 0 });
    try {
      expect(crashed.startup.fromCheckpoint).toBe(true);
      expect(crashed.startup.replayedEntries).toBeGreaterThan(0);
      expect(crashed.startup.replayedEntries).toBeLessThan(totalEntries / 4);
      expect(everyRead(crashed, senders)).toEqual(afterMore);
    } finally {
      crashed.stop();
      node.stop();
    }

    // A clean stop writes a checkpoint: the restart reads nothing from the log but the index.
    const restarted = new LocalNode({ dataDir: dir, verifyThreads: 0 });
    try {
      expect(restarted.startup).toEqual({ fromCheckpoint: true, replayedEntries: 0 });
      expect(everyRead(restarted, senders)).toEqual(afterMore);
      restarted.evictReadCaches();
      expect(everyRead(restarted, senders)).toEqual(afterMore);
    } finally {
      restarted.stop();
    }

    // A damaged checkpoint is ignored with a notice: the whole log is read, the reads are the same.
    const checkpointPath = join(dir, 'state.checkpoint');
    const bytes = readFileSync(checkpointPath);
    bytes[Math.floor(bytes.length / 2)] ^= 0x20;
    writeFileSync(checkpointPath, bytes);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fromLog = new LocalNode({ dataDir: dir, verifyThreads: 0 });
    try {
      expect(String(warn.mock.calls[0]?.[0])).toContain('state.checkpoint is damaged');
      expect(fromLog.startup.fromCheckpoint).toBe(false);
      expect(everyRead(fromLog, senders)).toEqual(afterMore);
    } finally {
      warn.mockRestore();
      fromLog.stop();
    }

    // Damage inside the part a checkpoint covers still refuses to start; the file is untouched.
    const logPath = join(dir, 'chain.log');
    const logBytes = readFileSync(logPath);
    logBytes[Math.floor(logBytes.length / 3)] ^= 0x01;
    writeFileSync(logPath, logBytes);
    expect(readFileSync(checkpointPath).length).toBeGreaterThan(0);
    expect(() => new LocalNode({ dataDir: dir, verifyThreads: 0 })).toThrow(LogCorruptionError);
    expect(readFileSync(logPath).equals(logBytes)).toBe(true);
  }, 60_000);

  it('keeps index entries only: decoded transactions stay within the cache bounds, old ones come from the log', async () => {
    const dir = tempDataDir();
    const { node } = await chainWithHistory(dir, 600);
    try {
      expect(node.ledger.userTransactionCount).toBe(600 + SENDERS);
      expect(node.readCacheSizes().records).toBeLessThanOrEqual(RECORD_CACHE_LIMIT);
      expect(node.readCacheSizes().decoded).toBeLessThanOrEqual(DECODED_CACHE_LIMIT);
      // The ledger holds no array of records (only genesis's few writes); an old transaction is
      // read back from the log.
      const arrays = Object.values(node.ledger).filter((value) => Array.isArray(value));
      expect(arrays.every((array: unknown[]) => array.length < 50)).toBe(true);
      const read = vi.spyOn(DurableLog.prototype, 'read');
      try {
        const oldest = node.getTransactionByVersion(2n);
        expect(oldest.type).toBe('user_transaction');
        expect(read).toHaveBeenCalledTimes(1);
        node.getTransactionByVersion(2n);
        expect(read).toHaveBeenCalledTimes(1); // now a hot read
      } finally {
        read.mockRestore();
      }
      for (let v = 0; v <= node.ledger.version; v += 1) node.getTransactionByVersion(BigInt(v));
      expect(node.readCacheSizes().records).toBeLessThanOrEqual(RECORD_CACHE_LIMIT);
      expect(node.readCacheSizes().decoded).toBeLessThanOrEqual(DECODED_CACHE_LIMIT);
    } finally {
      node.stop();
    }
  }, 60_000);

  it('an in-memory chain (--ephemeral) keeps the same frames in memory and reads them back', async () => {
    const node = new LocalNode({ verifyThreads: 0 });
    try {
      const signer = Ed25519Signer.generate();
      const hash = node.fund(signer.address, 5n);
      while (node.getTransactionByHash(hash).type !== 'user_transaction')
        await new Promise((resolve) => setImmediate(resolve));
      const before = JSON.stringify(node.getTransactionByHash(hash));
      node.evictReadCaches();
      expect(JSON.stringify(node.getTransactionByHash(hash))).toBe(before);
    } finally {
      node.stop();
    }
  });
});

describe('a block is its tx entries and its block entry, written together', () => {
  const output = {
    success: true,
    vmStatus: 'Executed successfully',
    gasUsed: '1',
    writes: [],
    events: [],
    fee: { total: '1', execution: '1', io: '0', storage: '0' },
  };
  const tx = (n: number): LogEntry => ({
    k: 'tx',
    h: `0x${n.toString(16).padStart(64, '0')}`,
    s: `0x${'1'.padStart(64, '0')}`,
    n: String(n),
    b: '00',
    o: output,
  });

  it('drops tx entries left without their block entry at the end, with a notice', () => {
    const dir = tempDataDir();
    const { log } = DurableLog.open({ dir });
    log.appendAll([tx(1), tx(2), { k: 'block', ts: '1', n: 2 }]);
    const whole = log.size;
    log.appendAll([tx(3), tx(4)]); // a crash before the block entry was written
    log.close();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const reopened = DurableLog.open({ dir });
      reopened.log.close();
      expect(reopened.entries.map((entry) => entry.k)).toEqual(['tx', 'tx', 'block']);
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toContain('dropped an incomplete last entry');
      expect(statSync(join(dir, 'chain.log')).size).toBe(whole);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses tx entries that another kind of entry follows (not a torn tail)', () => {
    const dir = tempDataDir();
    const { log } = DurableLog.open({ dir });
    log.appendAll([tx(1), { k: 'clock', offset: '5' }]);
    log.close();
    const before = readFileSync(join(dir, 'chain.log'));
    expect(() => DurableLog.open({ dir })).toThrow(/not closed by their block entry.*--reset/);
    expect(readFileSync(join(dir, 'chain.log')).equals(before)).toBe(true);
  });

  it('reads back an entry by position, and a read-only open changes nothing', () => {
    const dir = tempDataDir();
    const { log } = DurableLog.open({ dir });
    const positions = log.appendAll([tx(7), { k: 'block', ts: '9', n: 1 }]);
    log.appendAll([tx(8)]); // torn: left out by a read-only open, not dropped
    log.close();
    const size = statSync(join(dir, 'chain.log')).size;
    const reader = DurableLog.open({ dir, readOnly: true });
    try {
      expect(reader.entries).toHaveLength(2);
      expect(reader.log.read(positions[0] as EntryPosition)).toEqual(tx(7));
      expect([...reader.log.entries()].map(({ entry }) => entry.k)).toEqual(['tx', 'block']);
      expect(() => reader.log.append({ k: 'clock', offset: '1' })).toThrow();
    } finally {
      reader.log.close();
    }
    expect(statSync(join(dir, 'chain.log')).size).toBe(size);
  });
});
