import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { LedgerCheckpoint } from './ledger.ts';
import type { LogEnd } from './log.ts';
import { frame, unframe } from './log.ts';

const CHECKPOINT_FILE = 'state.checkpoint';
const CHECKPOINT_FORMAT = 2;

/**
 * A state checkpoint: the ledger's index and current state as of a log position, so a restart
 * reads only the log's tail after it. It is derived data: one that is missing, damaged or of
 * another log is ignored (with a notice) and the log is read from its start.
 */
export interface Checkpoint {
  format: number;
  /** The log position the checkpoint covers (the CRC-32 of every byte before it, entries there). */
  log: LogEnd;
  clockOffset: string;
  ledger: LedgerCheckpoint;
}

/** Writes the checkpoint atomically (temp file, fsync, rename), framed and checksummed. */
export function writeCheckpoint(dir: string, checkpoint: Omit<Checkpoint, 'format'>): void {
  const path = join(dir, CHECKPOINT_FILE);
  const temp = `${path}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, frame({ format: CHECKPOINT_FORMAT, ...checkpoint }));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

/** The checkpoint in the data dir, or `null` (none, or unreadable: then with a notice). */
export function readCheckpoint(dir: string): Checkpoint | null {
  const path = join(dir, CHECKPOINT_FILE);
  if (!existsSync(path)) return null;
  const parsed = unframe(readFileSync(path)) as Checkpoint | null;
  if (parsed === null || parsed.format !== CHECKPOINT_FORMAT) {
    console.warn(
      `localnet: ${path} is damaged or of another format; ignoring it and reading the whole log`,
    );
    return null;
  }
  return parsed;
}
