import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { VerifyPool } from '../../localnet/node/verifyPool.ts';

/** A raw 32-byte Ed25519 public key and a signer for it. */
function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }).subarray(12));
  return { raw, sign: (message: Uint8Array) => new Uint8Array(sign(null, message, privateKey)) };
}

const pool = new VerifyPool(1);
afterAll(() => pool.close());

describe('VerifyPool', () => {
  const alice = keyPair();
  const message = new TextEncoder().encode('APTOS::RawTransaction…');
  const good = alice.sign(message);
  const bad = good.slice();
  bad[0] = (bad[0] ?? 0) ^ 1;

  it('answers a lone check (made on this thread) right and wrong', async () => {
    await expect(pool.verify(alice.raw, message, good)).resolves.toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(pool.verify(alice.raw, message, bad)).resolves.toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(pool.verify(alice.raw.subarray(1), message, good)).resolves.toBe(false);
  });

  it('answers a burst (the first here, the rest on the worker) each in its place', async () => {
    const keys = Array.from({ length: 40 }, () => keyPair());
    const checks = keys.map((key, i) => {
      const signature = key.sign(message);
      if (i % 3 === 1) signature[5] = (signature[5] ?? 0) ^ 0xff;
      return pool.verify(key.raw, message, signature);
    });
    expect(await Promise.all(checks)).toEqual(keys.map((_, i) => i % 3 !== 1));
  });
});
