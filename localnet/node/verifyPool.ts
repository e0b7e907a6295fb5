import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ED25519_KEY_CACHE_LIMIT, verifyEd25519 } from '../executor/signatures.ts';

/**
 * Ed25519 verification on worker threads, so signature checks (the largest cost of a submission)
 * run beside the event loop instead of on it. Requests made in one tick go to a worker as one
 * batch. The worker is plain JavaScript (`eval`) so it runs under tsx, vitest and plain node alike.
 * Each worker keeps the keys it parsed as the main thread does (`executor/signatures.ts`): at most
 * `ED25519_KEY_CACHE_LIMIT`, the least recently used going first; it reports how many with each
 * answer.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createPublicKey, verify } = require('node:crypto');
const PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const LIMIT = ${ED25519_KEY_CACHE_LIMIT};
const keys = new Map();
function key(publicKey) {
  const id = Buffer.from(publicKey).toString('hex');
  let k = keys.get(id);
  if (k === undefined) {
    k = createPublicKey({ key: Buffer.concat([PREFIX, publicKey]), format: 'der', type: 'spki' });
  } else {
    keys.delete(id);
  }
  keys.set(id, k);
  if (keys.size > LIMIT) keys.delete(keys.keys().next().value);
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
  parentPort.postMessage({ id, results, keys: keys.size }, [results.buffer]);
});
`;

/** Most signatures per worker message. */
const CHUNK = 16;

type Item = [publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array];

interface WorkerAnswer {
  id: number;
  results: Uint8Array;
  keys: number;
}

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

export class VerifyPool {
  private readonly workers: Worker[];
  /** How many keys each worker holds, as it last reported. */
  private readonly workerKeys: number[];
  private readonly inFlight = new Map<number, Batch>();
  private pending: Batch = { items: [], resolvers: [] };
  private flushScheduled = false;
  private checkedHere = false;
  private nextId = 0;
  private nextWorker = 0;

  /** `threads` defaults to one fewer than the machine's cores (at least one). */
  constructor(threads = Math.max(1, availableParallelism() - 1)) {
    this.workerKeys = Array.from({ length: threads }, () => 0);
    this.workers = Array.from({ length: threads }, (_, index) => {
      const worker = new Worker(WORKER_SOURCE, { eval: true });
      worker.unref();
      worker.on('message', ({ id, results, keys }: WorkerAnswer) => {
        this.workerKeys[index] = keys;
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
      return Promise.resolve(verifyEd25519(publicKey, message, signature));
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

  /** How many parsed keys each worker holds (as of its last answer). */
  workerKeyCacheSizes(): number[] {
    return [...this.workerKeys];
  }

  async close(): Promise<void> {
    for (const batch of this.inFlight.values())
      batch.resolvers.forEach((resolve) => resolve(false));
    this.inFlight.clear();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
