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

/** One line of the durable log. */
export type LogEntry =
  | { k: 'block'; ts: string; txs: string[] }
  | { k: 'revert'; version: number; height: number }
  | { k: 'clock'; offset: string };

const LOG_FILE = 'chain.log';
const FORMAT_FILE = 'FORMAT';
const FORMAT = 'transaction-workbench localnet log v1\n';

/**
 * The durable append-only log in the data dir: one JSON line per committed block (the signed
 * transactions' BCS and the block timestamp), per revert, per clock change. Each line is written
 * with one `write(2)` before the block is visible, so a `kill -9` loses nothing that was
 * acknowledged as committed; state is rebuilt on start by re-executing the blocks.
 * `fsync: true` also survives power loss, at the cost of an fsync per block.
 */
export class DurableLog {
  private constructor(
    private fd: number | null,
    private readonly fsync: boolean,
  ) {}

  /** Opens (creating) the log; returns it with the entries already there. A torn last line is cut. */
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
    const entries: LogEntry[] = [];
    let goodLength = 0;
    if (existsSync(path)) {
      const text = readFileSync(path);
      let start = 0;
      for (;;) {
        const end = text.indexOf(0x0a, start);
        if (end === -1) break;
        try {
          entries.push(JSON.parse(text.subarray(start, end).toString('utf8')) as LogEntry);
        } catch {
          break;
        }
        start = end + 1;
        goodLength = start;
      }
    }
    const fd = openSync(path, 'a+');
    ftruncateSync(fd, goodLength);
    return { log: new DurableLog(fd, args.fsync ?? false), entries };
  }

  /** A log that keeps nothing (`--ephemeral`). */
  static memory(): DurableLog {
    return new DurableLog(null, false);
  }

  append(entry: LogEntry): void {
    if (this.fd === null) return;
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    if (this.fsync) fdatasyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
