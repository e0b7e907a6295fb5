import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
  fdatasyncSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

/** One entry of the durable log. */
export type LogEntry =
  | { k: 'block'; ts: string; txs: string[] }
  | { k: 'revert'; version: number; height: number }
  | { k: 'clock'; offset: string }
  /** `n` empty blocks (metadata and checkpoint only) at `ts`, `ts + dt`, … (µs): see idleBlocks.ts. */
  | { k: 'idle'; ts: string; dt: string; n: number };

const LOG_FILE = 'chain.log';
const FORMAT_FILE = 'FORMAT';
const FORMAT = 'transaction-workbench localnet log v2\n';
/** Entry header: payload length (u32 LE), CRC-32 of those 4 bytes, CRC-32 of the payload. */
const HEADER_BYTES = 12;
/** An idle run is written after this many empty blocks (2 minutes at the default cadence). */
const IDLE_RUN_MAX = 240;

/** The log holds damage that is not a torn tail: the chain refuses to start on it. */
export class LogCorruptionError extends Error {
  override readonly name = 'LogCorruptionError';
}

function frame(entry: LogEntry): Buffer {
  const payload = Buffer.from(JSON.stringify(entry));
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(payload.length, 0);
  header.writeUInt32LE(crc32(header.subarray(0, 4)), 4);
  header.writeUInt32LE(crc32(payload), 8);
  return Buffer.concat([header, payload]);
}

/**
 * Reads framed entries. An incomplete last entry (a write cut short by a crash) is a torn tail:
 * its offset is returned so it alone can be dropped. Any other damage throws, saying where.
 */
function readEntries(data: Buffer, path: string): { entries: LogEntry[]; tornAt: number | null } {
  const entries: LogEntry[] = [];
  const damaged = (offset: number, what: string) =>
    new LogCorruptionError(
      `${path} is damaged at byte ${offset} (entry ${entries.length + 1}): ${what}. Nothing was changed. ` +
        'Start with --reset to wipe the data dir and begin a new chain, or move the file aside to keep it for inspection.',
    );
  let offset = 0;
  while (offset < data.length) {
    if (data.length - offset < HEADER_BYTES) return { entries, tornAt: offset };
    const length = data.readUInt32LE(offset);
    if (crc32(data.subarray(offset, offset + 4)) !== data.readUInt32LE(offset + 4))
      throw damaged(offset, 'the entry header fails its checksum');
    const end = offset + HEADER_BYTES + length;
    if (end > data.length) return { entries, tornAt: offset };
    const payload = data.subarray(offset + HEADER_BYTES, end);
    if (crc32(payload) !== data.readUInt32LE(offset + 8))
      throw damaged(offset, 'the entry fails its checksum');
    try {
      entries.push(JSON.parse(payload.toString('utf8')) as LogEntry);
    } catch {
      throw damaged(offset, 'the entry is not readable');
    }
    offset = end;
  }
  return { entries, tornAt: null };
}

/**
 * The durable append-only log in the data dir: one framed entry (length, checksums, JSON) per
 * committed block (the signed transactions' BCS and the block timestamp), per revert, per clock
 * change. Each entry is written with one `write(2)` before the block is visible, so a `kill -9`
 * loses nothing that was acknowledged as committed; state is rebuilt on start by re-executing
 * the blocks. `fsync: true` also survives power loss, at the cost of an fsync per block.
 */
export class DurableLog {
  private constructor(
    private fd: number | null,
    private readonly fsync: boolean,
  ) {}

  /**
   * Opens (creating) the log; returns it with the entries already there. A torn last entry is
   * dropped with a notice; other damage throws `LogCorruptionError` and leaves the file as it is.
   */
  static open(args: { dir: string; reset?: boolean; fsync?: boolean }): {
    log: DurableLog;
    entries: LogEntry[];
  } {
    if (args.reset === true) rmSync(args.dir, { recursive: true, force: true });
    mkdirSync(args.dir, { recursive: true });
    const formatPath = join(args.dir, FORMAT_FILE);
    if (existsSync(formatPath)) {
      if (readFileSync(formatPath, 'utf8') !== FORMAT) {
        throw new Error(`${args.dir} holds data of another format; start with --reset to wipe it`);
      }
    } else {
      const fd = openSync(formatPath, 'w');
      writeSync(fd, FORMAT);
      closeSync(fd);
    }
    const path = join(args.dir, LOG_FILE);
    const data = existsSync(path) ? readFileSync(path) : Buffer.alloc(0);
    const { entries, tornAt } = readEntries(data, path);
    const fd = openSync(path, 'a+');
    if (tornAt !== null) {
      console.warn(
        `localnet: ${path}: dropped an incomplete last entry (${data.length - tornAt} bytes at byte ${tornAt}), left by a crash while it was written; it was never reported committed`,
      );
      ftruncateSync(fd, tornAt);
    }
    return { log: new DurableLog(fd, args.fsync ?? false), entries };
  }

  /** A log that keeps nothing (`--ephemeral`). */
  static memory(): DurableLog {
    return new DurableLog(null, false);
  }

  /** The open run of idle blocks, written as one entry when it ends (see `appendIdle`). */
  private idleRun: { ts: bigint; dt: bigint; n: number } | null = null;

  /**
   * Records an empty idle block at `timestamp`. Consecutive ones `dt` apart coalesce into one
   * `idle` entry, written when the run ends: at the next other entry, at `close()`, or after
   * `IDLE_RUN_MAX` blocks. A crash loses at most that open run: empty blocks, nothing submitted.
   */
  appendIdle(timestamp: bigint, dt: bigint): void {
    if (this.fd === null) return;
    const run = this.idleRun;
    if (run !== null && run.dt === dt && run.ts + run.dt * BigInt(run.n) === timestamp) {
      run.n += 1;
      if (run.n >= IDLE_RUN_MAX) this.flushIdle();
      return;
    }
    this.flushIdle();
    this.idleRun = { ts: timestamp, dt, n: 1 };
  }

  private flushIdle(): void {
    const run = this.idleRun;
    this.idleRun = null;
    if (run === null || this.fd === null) return;
    this.write({ k: 'idle', ts: run.ts.toString(), dt: run.dt.toString(), n: run.n });
  }

  append(entry: LogEntry): void {
    this.flushIdle();
    this.write(entry);
  }

  private write(entry: LogEntry): void {
    if (this.fd === null) return;
    writeSync(this.fd, frame(entry));
    if (this.fsync) fdatasyncSync(this.fd);
  }

  close(): void {
    this.flushIdle();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
