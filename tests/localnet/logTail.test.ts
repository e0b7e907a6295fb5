import { appendFileSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DurableLog, LogCorruptionError, type LogEntry } from '../../localnet/storage/log.ts';
import { removeTempDirs, tempDataDir } from './helpers';

afterAll(removeTempDirs);

/** Three whole blocks, then the last write: a `tx` entry and its `block` entry in one write. */
const BLOCKS: LogEntry[] = [
  { k: 'block', ts: '1000000', n: 0 },
  { k: 'block', ts: '2000000', n: 0 },
  { k: 'block', ts: '3000000', n: 0 },
];
const LAST: LogEntry[] = [
  {
    k: 'tx',
    h: `0x${'1'.repeat(64)}`,
    s: `0x${'2'.repeat(64)}`,
    n: '0',
    b: '0x00',
    o: {},
  } as unknown as LogEntry,
  { k: 'block', ts: '4000000', n: 1 },
];

function written(): { dir: string; path: string; wholeEnd: number } {
  const dir = tempDataDir();
  const path = join(dir, 'chain.log');
  const { log } = DurableLog.open({ dir });
  for (const entry of BLOCKS) log.append(entry);
  const wholeEnd = statSync(path).size;
  log.appendAll(LAST);
  log.close();
  return { dir, path, wholeEnd };
}

function openQuietly(dir: string) {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    const { log, entries } = DurableLog.open({ dir });
    log.close();
    return { entries, warnings: warn.mock.calls.map((call) => String(call[0])) };
  } finally {
    warn.mockRestore();
  }
}

describe('the log tail after a crash', () => {
  it('a last write cut short: recovers every whole block before it, with a notice', () => {
    const { dir, path, wholeEnd } = written();
    truncateSync(path, statSync(path).size - 3);
    const { entries, warnings } = openQuietly(dir);
    expect(entries).toEqual(BLOCKS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /dropped an incomplete last entry .* at byte \d+.*every block before it is kept/,
    );
    expect(statSync(path).size).toBe(wholeEnd);
  });

  it('a tail of zeros (space a power loss allocated but never wrote): the same recovery', () => {
    const { dir, path, wholeEnd } = written();
    const bytes = readFileSync(path);
    bytes.fill(0, wholeEnd + 5);
    writeFileSync(path, bytes);
    appendFileSync(path, Buffer.alloc(4096));
    const { entries, warnings } = openQuietly(dir);
    expect(entries).toEqual(BLOCKS);
    expect(warnings).toHaveLength(1);
    expect(statSync(path).size).toBe(wholeEnd);
  });

  it('a corrupted last write: refuses, changes nothing, and says where the last whole block ends', () => {
    const { dir, path, wholeEnd } = written();
    const bytes = readFileSync(path);
    const at = bytes.length - 4;
    bytes[at] = (bytes[at] ?? 0) ^ 0x10;
    writeFileSync(path, bytes);
    let message = '';
    try {
      DurableLog.open({ dir });
    } catch (error) {
      expect(error).toBeInstanceOf(LogCorruptionError);
      message = (error as Error).message;
    }
    expect(message).toContain('damaged at byte');
    expect(message).toContain(`the 3 entries before byte ${wholeEnd} are whole`);
    expect(message).toContain(`truncate -s ${wholeEnd} ${path}`);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    // Following the advice recovers the chain up to its last whole block.
    truncateSync(path, wholeEnd);
    expect(openQuietly(dir)).toEqual({ entries: BLOCKS, warnings: [] });
  });

  it('damage before the last write still refuses without a cut to suggest (no block is given up)', () => {
    const { dir, path } = written();
    const bytes = readFileSync(path);
    bytes[20] = (bytes[20] ?? 0) ^ 0x10;
    writeFileSync(path, bytes);
    expect(() => DurableLog.open({ dir })).toThrow(/damaged at byte \d+ .*--reset.*inspection/);
    expect(() => DurableLog.open({ dir })).not.toThrow(/truncate -s/);
  });
});
