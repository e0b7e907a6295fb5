import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Account, Aptos, AptosConfig, Network } from '@aptos-labs/ts-sdk';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLocalnet } from '../../localnet/index.ts';
import { DurableLog, LogCorruptionError, type LogEntry } from '../../localnet/storage/log.ts';
import { removeTempDirs, spawnLocalnet, tempDataDir } from './helpers';

const dataDir = tempDataDir;
afterAll(removeTempDirs);

const ENTRIES: LogEntry[] = [
  { k: 'clock', offset: '1000000' },
  { k: 'block', ts: '5000000', n: 0 },
  { k: 'revert', version: 0, height: 0 },
];

/** A data dir holding the three entries; returns the log path and each entry's end offset. */
function writtenLog(): { dir: string; path: string; ends: number[] } {
  const dir = dataDir();
  const path = join(dir, 'chain.log');
  const ends: number[] = [];
  const { log } = DurableLog.open({ dir });
  for (const entry of ENTRIES) {
    log.append(entry);
    ends.push(statSync(path).size);
  }
  log.close();
  return { dir, path, ends };
}

describe('a torn tail', () => {
  it.each([
    ['1 byte of the last entry', (ends: number[]) => (ends[1] ?? 0) + 1],
    ['the last entry cut inside its header', (ends: number[]) => (ends[1] ?? 0) + 7],
    ['the last entry cut inside its payload', (ends: number[]) => (ends[2] ?? 0) - 5],
    ['its final byte', (ends: number[]) => (ends[2] ?? 0) - 1],
  ])('drops only that entry, with a notice: %s', (_name, cutAt) => {
    const { dir, path, ends } = writtenLog();
    truncateSync(path, cutAt(ends));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const { log, entries } = DurableLog.open({ dir });
      log.close();
      expect(entries).toEqual(ENTRIES.slice(0, 2));
      expect(warn).toHaveBeenCalledOnce();
      expect(String(warn.mock.calls[0]?.[0])).toContain('dropped an incomplete last entry');
      expect(statSync(path).size).toBe(ends[1]);
    } finally {
      warn.mockRestore();
    }
  });

  it('is not reported for a whole log', () => {
    const { dir } = writtenLog();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { log, entries } = DurableLog.open({ dir });
    log.close();
    expect(entries).toEqual(ENTRIES);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('interior damage', () => {
  it.each([
    ['the first header', () => 0],
    ['a length field', (ends: number[]) => (ends[0] ?? 0) + 1],
    ['the middle of a payload', (ends: number[]) => (ends[0] ?? 0) + 20],
    ['the last complete entry', (ends: number[]) => (ends[2] ?? 0) - 2],
  ])('refuses to start, says where and how to recover, and leaves the file: %s', (_name, at) => {
    const { dir, path, ends } = writtenLog();
    const bytes = readFileSync(path);
    const offset = at(ends);
    bytes[offset] = (bytes[offset] ?? 0) ^ 0x40;
    writeFileSync(path, bytes);
    expect(() => DurableLog.open({ dir })).toThrow(LogCorruptionError);
    expect(() => DurableLog.open({ dir })).toThrow(/damaged at byte \d+ .*--reset.*inspection/);
    expect(readFileSync(path).equals(bytes)).toBe(true);
  });
});

describe('kill -9 at random points', () => {
  // Fixed delays (ms after the first commit) stand in for random ones, so failures reproduce.
  it.each([[37], [180], [420]])(
    'loses nothing reported committed (killed after %i ms)',
    async (delayMs) => {
      const dir = dataDir();
      const { child, urls } = await spawnLocalnet(dir);
      const committed: string[] = [];
      try {
        const aptos = new Aptos(
          new AptosConfig({
            network: Network.CUSTOM,
            fullnode: urls.rest,
            faucet: urls.faucet,
            indexer: urls.indexer,
          }),
        );
        const load = (async () => {
          for (;;) {
            const hash = await aptos
              .fundAccount({
                accountAddress: Account.generate().accountAddress,
                amount: 1,
                options: { waitForIndexer: false },
              })
              .then((tx) => tx.hash)
              .catch(() => null);
            if (hash === null) return;
            committed.push(hash);
          }
        })();
        await new Promise((resolve) => setTimeout(resolve, 300 + delayMs));
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        await load;
      } finally {
        child.kill('SIGKILL');
      }
      expect(committed.length).toBeGreaterThan(0);
      const restarted = await startLocalnet({ blockTimeMs: 0, dataDir: dir, ports: 'auto' });
      try {
        for (const hash of committed) {
          expect((await fetch(`${restarted.urls.rest}/transactions/by_hash/${hash}`)).status).toBe(
            200,
          );
        }
      } finally {
        await restarted.stop();
      }
    },
    30_000,
  );
});
