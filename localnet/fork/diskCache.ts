/**
 * A fork's reads kept on disk, so a later fork of the same upstream starts warm: one JSON line
 * per answer (`{"id", "v"}`), appended as they arrive, in `<dir>/<sha3 of the chain's name>.jsonl`
 * (its URL, chain id and block 1's hash).
 * An upstream's state at a version never changes, so an answer stays true for every fork of it.
 */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha3, utf8 } from '../encoding.ts';

/** Bytes (a transaction's signed form) survive JSON as `{"$bytes": hex}`. */
function encode(value: unknown): unknown {
  return value instanceof Uint8Array ? { $bytes: Buffer.from(value).toString('hex') } : value;
}

function decode(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && '$bytes' in value) {
    return new Uint8Array(Buffer.from(String((value as { $bytes: unknown }).$bytes), 'hex'));
  }
  return value;
}

export class ForkDiskCache {
  private readonly file: string;

  /** @param chain - what names the upstream chain (`node/fork.ts` `chainIdentity`) */
  constructor(dir: string, chain: string) {
    mkdirSync(dir, { recursive: true });
    this.file = join(
      dir,
      `${Buffer.from(sha3(utf8(chain)))
        .toString('hex')
        .slice(0, 32)}.jsonl`,
    );
  }

  /** Every answer kept so far (a torn last line, from a crash mid-write, is skipped). */
  load(): Map<string, unknown> {
    const entries = new Map<string, unknown>();
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return entries;
    }
    for (const line of text.split('\n')) {
      if (line === '') continue;
      try {
        const { id, v } = JSON.parse(line) as { id: string; v: unknown };
        entries.set(id, decode(v));
      } catch {
        // A partial line: that answer is read again when needed.
      }
    }
    return entries;
  }

  append(id: string, value: unknown): void {
    appendFileSync(this.file, `${JSON.stringify({ id, v: encode(value) })}\n`);
  }
}
