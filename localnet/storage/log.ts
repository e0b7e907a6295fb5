import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeSync,
  writevSync,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { StoredOutput } from './storedOutput.ts';

/**
 * One entry of the durable log. A committed block is its `tx` entries (one per user transaction,
 * in version order) followed by its `block` entry, all written with one `write(2)`.
 */
export type LogEntry =
  | {
      k: 'tx';
      /** Transaction hash. */
      h: `0x${string}`;
      /** Sender (long address). */
      s: string;
      /** Sequence number. */
      n: string;
      /** The signed transaction's BCS, hex without 0x. */
      b: string;
      o: StoredOutput;
    }
  | { k: 'block'; ts: string; n: number }
  | { k: 'revert'; version: number; height: number }
  | { k: 'clock'; offset: string }
  /** `n` empty blocks (metadata and checkpoint only) at `ts`, `ts + dt`, … (µs): see idleBlocks.ts. */
  | { k: 'idle'; ts: string; dt: string; n: number };

export type TxEntry = Extract<LogEntry, { k: 'tx' }>;

/** Where an entry sits in the log: byte offset of its frame and the frame's length. */
export interface EntryPosition {
  offset: number;
  length: number;
}

const LOG_FILE = 'chain.log';
const FORMAT_FILE = 'FORMAT';
/**
 * v4: genesis stakes a validator and splits APT's supply (coin form in the `CoinInfo` aggregator
 * item, fungible stores in `0xa`'s `ConcurrentSupply`); a v3 log's outputs were made on the older
 * genesis, so replaying one would mix the two.
 */
const FORMAT = 'transaction-workbench localnet log v4\n';
/** Entry header: payload length (u32 LE), CRC-32 of those 4 bytes, CRC-32 of the payload. */
export const HEADER_BYTES = 12;
/** A `tx` entry's payload starts with these bytes (JSON.stringify keeps key order). */
const TX_PREFIX = Buffer.from('{"k":"tx"');
const BLOCK_PREFIX = Buffer.from('{"k":"block"');
/** An idle run is written after this many empty blocks (2 minutes at the default cadence). */
const IDLE_RUN_MAX = 240;

/** The log holds damage that is not a torn tail: the chain refuses to start on it. */
export class LogCorruptionError extends Error {
  override readonly name = 'LogCorruptionError';
}

/** One framed entry: header (length, its CRC, the payload's CRC) then the JSON payload. */
export function frame(entry: LogEntry | object): Buffer {
  const json = JSON.stringify(entry);
  const length = Buffer.byteLength(json);
  // One buffer, the payload written in place (the same bytes as header ‖ payload, one copy fewer).
  const bytes = Buffer.allocUnsafe(HEADER_BYTES + length);
  bytes.write(json, HEADER_BYTES, 'utf8');
  bytes.writeUInt32LE(length, 0);
  bytes.writeUInt32LE(crc32(bytes.subarray(0, 4)), 4);
  bytes.writeUInt32LE(crc32(bytes.subarray(HEADER_BYTES)), 8);
  return bytes;
}

/**
 * Writes the frames in order at the file's position with `writev` (in groups, under the system's
 * limit on buffers per call), as one concatenated `writeSync` would, without the copy.
 */
function writeAllSync(fd: number, frames: Buffer[]): void {
  const GROUP = 512;
  for (let start = 0; start < frames.length; start += GROUP) {
    const group = frames.slice(start, start + GROUP);
    let size = 0;
    for (const bytes of group) size += bytes.length;
    const written = writevSync(fd, group);
    // A short write (rare on a regular file) writes the rest in one piece.
    if (written < size) writeSync(fd, Buffer.concat(group).subarray(written));
  }
}

/** Checks one whole frame (header and payload) and parses its payload; `null` when damaged. */
export function unframe(bytes: Buffer): unknown {
  if (bytes.length < HEADER_BYTES) return null;
  const length = bytes.readUInt32LE(0);
  if (crc32(bytes.subarray(0, 4)) !== bytes.readUInt32LE(4)) return null;
  if (bytes.length !== HEADER_BYTES + length) return null;
  const payload = bytes.subarray(HEADER_BYTES);
  if (crc32(payload) !== bytes.readUInt32LE(8)) return null;
  try {
    return JSON.parse(payload.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Reads bytes at a position; fewer at the end. */
type ReadAt = (position: number, length: number) => Buffer;

/** Reads a file through a large window, so a scan makes few system calls. */
function windowedReader(fd: number): ReadAt {
  const WINDOW = 8 << 20;
  let window = Buffer.alloc(0);
  let windowStart = 0;
  return (position, length) => {
    if (position >= windowStart && position + length <= windowStart + window.length)
      return window.subarray(position - windowStart, position - windowStart + length);
    const size = Math.max(WINDOW, length);
    const buffer = Buffer.allocUnsafe(size);
    const read = readSync(fd, buffer, 0, size, position);
    window = buffer.subarray(0, read);
    windowStart = position;
    return window.subarray(0, Math.min(length, read));
  };
}

interface ScanResult {
  entries: LogEntry[];
  positions: EntryPosition[];
  /** Offset of a torn tail (an incomplete last write), or `null`. */
  tornAt: number | null;
  /** The end of the last whole write, as a checkpoint names it. */
  end: LogEnd;
}

/**
 * Names a log position: its byte offset (the end of a write), the CRC-32 of every byte before it
 * and the number of entries there. A checkpoint records it; a start checks the CRC in one pass.
 */
export interface LogEnd {
  offset: number;
  crc: number;
  frames: number;
}

const EMPTY_END: LogEnd = { offset: 0, crc: 0, frames: 0 };

/** CRC-32 of a file's first `length` bytes, read through one reused buffer. */
function prefixCrc(fd: number, length: number): number {
  const buffer = Buffer.allocUnsafe(4 << 20);
  let crc = 0;
  let position = 0;
  while (position < length) {
    const read = readSync(fd, buffer, 0, Math.min(buffer.length, length - position), position);
    if (read === 0) break;
    crc = crc32(buffer.subarray(0, read), crc);
    position += read;
  }
  return position === length ? crc : -1;
}

/**
 * Walks the frames of a log of `size` bytes from `start` (a position a checkpoint named, whose
 * prefix was already checked, or the beginning), checking every header and payload checksum,
 * and parses them. An incomplete last write (a torn frame, or `tx` entries without their `block`
 * entry at the end) is a torn tail: its offset is returned so it alone can be dropped. Any other
 * damage throws, saying where.
 */
function scan(read: ReadAt, size: number, path: string, start: LogEnd): ScanResult {
  const entries: LogEntry[] = [];
  const positions: EntryPosition[] = [];
  let count = start.frames;
  /**
   * Damage refuses to start. When it lies in the last write (nothing whole follows it), the
   * message also says how to keep every block before it: cut the file at the last whole block.
   */
  const damaged = (offset: number, what: string, inLastWrite = false) => {
    const cut = open?.offset ?? offset;
    const advice = inLastWrite
      ? ` The damage is in the last write only: the ${open?.parsed ?? entries.length} entries before byte ${cut} are whole. ` +
        `To recover the chain up to its last whole block, keep a copy and cut the file there (cp ${path} ${path}.damaged && truncate -s ${cut} ${path}); ` +
        'or start with --reset to wipe the data dir and begin a new chain, or move the file aside to keep it for inspection.'
      : ' Start with --reset to wipe the data dir and begin a new chain, or move the file aside to keep it for inspection.';
    return new LogCorruptionError(
      `${path} is damaged at byte ${offset} (entry ${count + 1}): ${what}. Nothing was changed.${advice}`,
    );
  };
  /**
   * The position of the last byte that is not zero at or after `from` (`from - 1` if none). Space
   * that a crash allocated but never wrote reads as zeros; JSON payloads never hold a zero byte.
   */
  const lastNonZero = (from: number) => {
    for (let stop = size; stop > from; stop -= 1 << 16) {
      const start = Math.max(from, stop - (1 << 16));
      const chunk = read(start, stop - start);
      for (let i = chunk.length - 1; i >= 0; i -= 1) if (chunk[i] !== 0) return start + i;
    }
    return from - 1;
  };

  let offset = start.offset;
  let running = start.crc;
  /** Start of `tx` entries not yet closed by their `block` entry, with the parsed count then. */
  let open: { offset: number; parsed: number; endBefore: LogEnd } | null = null;
  let last: LogEnd = start;
  const torn = (at: number): ScanResult => {
    const keep = open?.parsed ?? entries.length;
    return {
      entries: entries.slice(0, keep),
      positions: positions.slice(0, keep),
      tornAt: open?.offset ?? at,
      end: open === null ? last : open.endBefore,
    };
  };
  while (offset < size) {
    if (size - offset < HEADER_BYTES) return torn(offset);
    const header = read(offset, HEADER_BYTES);
    const length = header.readUInt32LE(0);
    if (crc32(header.subarray(0, 4)) !== header.readUInt32LE(4)) {
      // A power loss without --fsync can leave the file longer than what reached the disk, the
      // rest zeros: that is an incomplete last write like a short one.
      if (lastNonZero(offset) < offset + HEADER_BYTES) return torn(offset);
      throw damaged(offset, 'the entry header fails its checksum');
    }
    const payloadCrc = header.readUInt32LE(8);
    const end = offset + HEADER_BYTES + length;
    if (end > size) return torn(offset);
    running = crc32(header, running);
    const payload = read(offset + HEADER_BYTES, length);
    if (crc32(payload) !== payloadCrc) {
      if (lastNonZero(offset) < end - 1) return torn(offset);
      throw damaged(offset, 'the entry fails its checksum', end === size);
    }
    running = crc32(payload, running);
    const isTx = payload.subarray(0, TX_PREFIX.length).equals(TX_PREFIX);
    const isBlock = payload.subarray(0, BLOCK_PREFIX.length).equals(BLOCK_PREFIX);
    if (open !== null && !isTx && !isBlock)
      throw damaged(offset, 'transaction entries are not closed by their block entry');
    if (isTx && open === null) open = { offset, parsed: entries.length, endBefore: last };
    if (isBlock) open = null;
    let entry: LogEntry;
    try {
      entry = JSON.parse(payload.toString('utf8')) as LogEntry;
    } catch {
      throw damaged(offset, 'the entry is not readable');
    }
    entries.push(entry);
    positions.push({ offset, length: end - offset });
    count += 1;
    offset = end;
    last = { offset: end, crc: running, frames: count };
  }
  if (open !== null) return torn(offset);
  return { entries, positions, tornAt: null, end: last };
}

/** Deletes a data dir (`--reset`). */
export function wipeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The durable append-only log in the data dir: framed entries (length, checksums, JSON). A block
 * is one `tx` entry per user transaction (its signed BCS and its output) and a `block` entry,
 * written with one `write(2)` before the block is visible, so a `kill -9` loses nothing that was
 * acknowledged as committed. Reverts and clock changes are entries too. Committed transactions
 * are read back by position (`read`), so the node keeps only an index in memory. `fsync: true`
 * also survives power loss, at the cost of an fsync per block. `DurableLog.memory()` keeps the
 * same frames in memory (`--ephemeral`).
 */
export class DurableLog {
  private readonly chunks: Array<{ start: number; bytes: Buffer }> = [];
  private constructor(
    private fd: number | null,
    private readonly fsync: boolean,
    private end: number,
    readonly path: string | null,
    private lastEnd: LogEnd = EMPTY_END,
  ) {}

  /** The log's end as a checkpoint names it (an open idle run is written first). */
  get endMark(): LogEnd {
    this.flushIdle();
    return this.lastEnd;
  }

  /** The open run of idle blocks, written as one entry when it ends (see `appendIdle`). */
  private idleRun: { ts: bigint; dt: bigint; n: number } | null = null;

  /**
   * Records an empty idle block at `timestamp`. Consecutive ones `dt` apart coalesce into one
   * `idle` entry, written when the run ends: at the next other entry, at a checkpoint, at
   * `close()`, or after `IDLE_RUN_MAX` blocks. A crash loses at most that open run: empty blocks,
   * nothing submitted. An in-memory log keeps none (it is never replayed).
   */
  appendIdle(timestamp: bigint, dt: bigint): void {
    if (this.path === null || this.fd === null) return;
    const run = this.idleRun;
    if (run !== null && run.dt === dt && run.ts + run.dt * BigInt(run.n) === timestamp) {
      run.n += 1;
      if (run.n >= IDLE_RUN_MAX) this.flushIdle();
      return;
    }
    this.flushIdle();
    this.idleRun = { ts: timestamp, dt, n: 1 };
  }

  /** Writes the open idle run, if any, as one entry. */
  flushIdle(): void {
    const run = this.idleRun;
    this.idleRun = null;
    if (run === null || this.fd === null) return;
    this.appendAll([{ k: 'idle', ts: run.ts.toString(), dt: run.dt.toString(), n: run.n }]);
  }

  /**
   * Opens (creating) the log; returns it with the entries already there: only those after
   * `resume` when the log's bytes before it still have the CRC it names (`resumed` says so; that
   * prefix is checked in one pass), otherwise all of them, each frame's checksums checked. A torn
   * last write is dropped with a notice; other damage throws `LogCorruptionError` and leaves the
   * file as it is.
   */
  static open(args: {
    dir: string;
    reset?: boolean;
    fsync?: boolean;
    resume?: LogEnd | null;
    /** Reads only: no file is created or changed, a torn tail is left out but not dropped. */
    readOnly?: boolean;
  }): {
    log: DurableLog;
    entries: LogEntry[];
    positions: EntryPosition[];
    resumed: boolean;
  } {
    const readOnly = args.readOnly === true;
    if (args.reset === true && !readOnly) wipeDataDir(args.dir);
    if (!readOnly) mkdirSync(args.dir, { recursive: true });
    const formatPath = join(args.dir, FORMAT_FILE);
    if (existsSync(formatPath)) {
      const format = readFileSync(formatPath, 'utf8');
      if (format !== FORMAT) {
        throw new Error(
          `${args.dir} holds data of another format (${format.trim()}; this chain writes ${FORMAT.trim()}); start with --reset to wipe it, or move it aside`,
        );
      }
    } else if (!readOnly) {
      const fd = openSync(formatPath, 'w');
      writeSync(fd, FORMAT);
      closeSync(fd);
    }
    const path = join(args.dir, LOG_FILE);
    const fd = openSync(path, readOnly ? 'r' : 'a+');
    const size = fstatSync(fd).size;
    const resume = args.resume ?? null;
    let resumed: boolean;
    let result: ScanResult;
    try {
      resumed =
        resume !== null && resume.offset <= size && prefixCrc(fd, resume.offset) === resume.crc;
      result = scan(
        windowedReader(fd),
        size,
        path,
        resumed && resume !== null ? resume : EMPTY_END,
      );
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    const { entries, positions, tornAt } = result;
    let end = size;
    if (tornAt !== null && readOnly) {
      end = tornAt;
    } else if (tornAt !== null) {
      console.warn(
        `localnet: ${path}: dropped an incomplete last entry (${size - tornAt} bytes at byte ${tornAt}), left by a crash while it was written (its block was never reported committed, unless a power loss cut a log kept without --fsync); every block before it is kept`,
      );
      ftruncateSync(fd, tornAt);
      end = tornAt;
    }
    return {
      log: new DurableLog(fd, args.fsync ?? false, end, path, result.end),
      entries,
      positions,
      resumed,
    };
  }

  /** A log that keeps its frames in memory (`--ephemeral`). */
  static memory(): DurableLog {
    return new DurableLog(null, false, 0, null);
  }

  /** Bytes written so far (the offset the next entry gets). */
  get size(): number {
    return this.end;
  }

  /** Appends entries with one write; returns where each one landed. */
  appendAll(entries: LogEntry[]): EntryPosition[] {
    this.flushIdle();
    const frames = entries.map(frame);
    const positions: EntryPosition[] = [];
    let offset = this.end;
    for (const bytes of frames) {
      positions.push({ offset, length: bytes.length });
      offset += bytes.length;
    }
    let crc = this.lastEnd.crc;
    if (this.path === null) {
      // In memory, one buffer per append: kept frame by frame, each would hold its slice of Buffer's
      // 8 KiB pool and an object of its own (about a quarter more memory per transaction).
      this.chunks.push({
        start: this.end,
        bytes: frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames),
      });
      crc = 0;
    } else {
      // On disk, no concatenation: a block of transfers is hundreds of kilobytes, and copying it
      // into one buffer first was a sixth of the log's cost (bench/PROFILES.md, "Profile: chain
      // throughput").
      // A stopped chain writes nothing more (as before: its last timers may still fire).
      if (this.fd === null) return positions;
      if (frames.length === 1) writeSync(this.fd, frames[0] as Buffer);
      else writeAllSync(this.fd, frames);
      if (this.fsync) fdatasyncSync(this.fd);
      for (const bytes of frames) crc = crc32(bytes, crc);
    }
    this.end = offset;
    this.lastEnd = { offset, crc, frames: this.lastEnd.frames + frames.length };
    return positions;
  }

  append(entry: LogEntry): EntryPosition {
    return this.appendAll([entry])[0] as EntryPosition;
  }

  private readFrame({ offset, length }: EntryPosition): Buffer {
    if (this.path === null) {
      let lo = 0;
      let hi = this.chunks.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((this.chunks[mid] as { start: number }).start <= offset) lo = mid;
        else hi = mid - 1;
      }
      const chunk = this.chunks[lo];
      if (chunk === undefined) throw new RangeError(`no log entry at byte ${offset}`);
      return chunk.bytes.subarray(offset - chunk.start, offset - chunk.start + length);
    }
    if (this.fd === null) throw new Error('the log is closed');
    const bytes = Buffer.allocUnsafe(length);
    const read = readSync(this.fd, bytes, 0, length, offset);
    return bytes.subarray(0, read);
  }

  /** The entry at a position an index recorded; throws `LogCorruptionError` if it is damaged. */
  read(position: EntryPosition): LogEntry {
    const entry = unframe(this.readFrame(position));
    if (entry === null) {
      throw new LogCorruptionError(
        `${this.path ?? 'the in-memory log'} is damaged at byte ${position.offset}: the entry fails its checksum`,
      );
    }
    return entry as LogEntry;
  }

  /** Every entry from `from` (a frame boundary), in order, with its position. */
  *entries(from = 0): Generator<{ entry: LogEntry; position: EntryPosition }> {
    let offset = from;
    while (offset + HEADER_BYTES <= this.end) {
      const header = this.readFrame({ offset, length: HEADER_BYTES });
      const position = { offset, length: HEADER_BYTES + header.readUInt32LE(0) };
      yield { entry: this.read(position), position };
      offset += position.length;
    }
  }

  close(): void {
    this.flushIdle();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
