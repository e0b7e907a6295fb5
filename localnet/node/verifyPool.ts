import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Ed25519 verification on worker threads, so signature checks (the largest cost of a submission)
 * run beside the event loop instead of on it. Requests made in one tick go to a worker as one
 * batch. The worker is plain JavaScript (`eval`) so it runs under tsx, vitest and plain node alike.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createPublicKey, verify } = require('node:crypto');
const PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const keys = new Map();
function key(publicKey) {
  const id = Buffer.from(publicKey).toString('hex');
  let k = keys.get(id);
  if (k === undefined) {
    k = createPublicKey({ key: Buffer.concat([PREFIX, publicKey]), format: 'der', type: 'spki' });
    if (keys.size > 50000) keys.clear();
    keys.set(id, k);
  }
  return k;
}
parentPort.on('message', ({ id, count, packed }) => {
  const buffer = Buffer.from(packed);
  const results = new Uint8Array(count);
  let offset = 0;
  for (let i = 0; i < count; i += 1) {
    const publicKey = buffer.subarray(offset, offset + 32);
    const signature = buffer.subarray(offset + 32, offset + 96);
    const length = buffer.readUInt32LE(offset + 96);
    const message = buffer.subarray(offset + 100, offset + 100 + length);
    offset += 100 + length;
    try { results[i] = verify(null, message, key(publicKey), signature) ? 1 : 0; } catch { results[i] = 0; }
  }
  parentPort.postMessage({ id, results }, [results.buffer]);
});
`;

/** Most signatures per worker message. */
const CHUNK = 16;

type Item = [publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array];

interface Batch {
  items: Item[];
  resolvers: Array<(ok: boolean) => void>;
}

/** One transferable buffer per batch: `public key (32) ‖ signature (64) ‖ length (u32 LE) ‖ message`. */
function pack(items: Item[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const [, message] of items) size += 100 + message.length;
  // Not from Buffer's shared pool, so its ArrayBuffer can be transferred. A key or signature of the
  // wrong length stays zeros, which never verifies.
  const out = Buffer.alloc(size);
  let offset = 0;
  for (const [publicKey, message, signature] of items) {
    if (publicKey.length === 32 && signature.length === 64) {
      out.set(publicKey, offset);
      out.set(signature, offset + 32);
    }
    out.writeUInt32LE(message.length, offset + 96);
    out.set(message, offset + 100);
    offset += 100 + message.length;
  }
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.length);
}

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const KEY_CACHE_LIMIT = 50_000;

/** The same check as the worker's, on this thread (keys cached the same way). */
function verifyHere(
  keys: Map<string, KeyObject>,
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  if (publicKey.length !== 32 || signature.length !== 64) return false;
  const id = Buffer.from(publicKey).toString('hex');
  let key = keys.get(id);
  try {
    if (key === undefined) {
      key = createPublicKey({
        key: Buffer.concat([SPKI_PREFIX, publicKey]),
        format: 'der',
        type: 'spki',
      });
      if (keys.size > KEY_CACHE_LIMIT) keys.clear();
      keys.set(id, key);
    }
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

export class VerifyPool {
  /** Keys for checks made on this thread, when the workers are idle. */
  private readonly keys = new Map<string, KeyObject>();
  private readonly workers: Worker[];
  private readonly inFlight = new Map<number, Batch>();
  private pending: Batch = { items: [], resolvers: [] };
  private flushScheduled = false;
  private checkedHere = false;
  private nextId = 0;
  private nextWorker = 0;

  /** `threads` defaults to one fewer than the machine's cores (at least one). */
  constructor(threads = Math.max(1, availableParallelism() - 1)) {
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.unref();
      worker.on('message', ({ id, results }: { id: number; results: Uint8Array }) => {
        const batch = this.inFlight.get(id);
        this.inFlight.delete(id);
        batch?.resolvers.forEach((resolve, i) => resolve(results[i] === 1));
      });
      worker.on('error', (error) => console.error('localnet: verify worker failed', error));
      return worker;
    });
  }

  /**
   * Checks one signature. A lone check (nothing queued, nothing at a worker) runs here at once:
   * handing it to a worker and back costs two thread hops and a tick, which is most of a single
   * submission's latency; under load the checks queue and go to the workers as before.
   */
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
    if (!this.flushScheduled && !this.checkedHere && this.inFlight.size === 0) {
      // One per turn of the event loop: a burst's other checks still go to the workers.
      this.checkedHere = true;
      setImmediate(() => {
        this.checkedHere = false;
      });
      return Promise.resolve(verifyHere(this.keys, publicKey, message, signature));
    }
    return new Promise((resolve) => {
      this.pending.items.push([publicKey, message, signature]);
      this.pending.resolvers.push(resolve);
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.pending;
    this.pending = { items: [], resolvers: [] };
    if (batch.items.length === 0) return;
    // Small chunks, round-robin: results come back chunk by chunk, so the event loop answers the
    // first submissions while the workers still verify the rest (no ping-pong between threads).
    const share = Math.min(CHUNK, Math.ceil(batch.items.length / this.workers.length));
    for (let start = 0; start < batch.items.length; start += share) {
      const id = this.nextId++;
      const part = {
        items: batch.items.slice(start, start + share),
        resolvers: batch.resolvers.slice(start, start + share),
      };
      this.inFlight.set(id, part);
      const worker = this.workers[this.nextWorker++ % this.workers.length];
      const packed = pack(part.items);
      worker?.postMessage({ id, count: part.items.length, packed }, [packed.buffer]);
    }
  }

  async close(): Promise<void> {
    for (const batch of this.inFlight.values())
      batch.resolvers.forEach((resolve) => resolve(false));
    this.inFlight.clear();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
