/**
 * SipHash-2-4 with a 64-bit result, as Rust's `siphasher::sip::SipHasher` computes it
 * (`aptos_hash::sip_hash` uses `SipHasher::new()`, keys 0 and 0, and writes the bytes without a
 * length prefix). Keys are the two little-endian halves of the 16-byte key.
 */
const MASK = (1n << 64n) - 1n;
const rotl = (x: bigint, b: bigint): bigint => ((x << b) | (x >> (64n - b))) & MASK;

export function sipHash24(bytes: Uint8Array, k0 = 0n, k1 = 0n): bigint {
  let v0 = k0 ^ 0x736f6d6570736575n;
  let v1 = k1 ^ 0x646f72616e646f6dn;
  let v2 = k0 ^ 0x6c7967656e657261n;
  let v3 = k1 ^ 0x7465646279746573n;
  const round = () => {
    v0 = (v0 + v1) & MASK;
    v1 = rotl(v1, 13n) ^ v0;
    v0 = rotl(v0, 32n);
    v2 = (v2 + v3) & MASK;
    v3 = rotl(v3, 16n) ^ v2;
    v0 = (v0 + v3) & MASK;
    v3 = rotl(v3, 21n) ^ v0;
    v2 = (v2 + v1) & MASK;
    v1 = rotl(v1, 17n) ^ v2;
    v2 = rotl(v2, 32n);
  };
  const len = bytes.length;
  const whole = len - (len % 8);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < whole; i += 8) {
    const m = view.getBigUint64(i, true);
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  }
  let last = BigInt(len & 0xff) << 56n;
  for (let i = whole; i < len; i += 1)
    last |= BigInt(bytes[i] as number) << BigInt(8 * (i - whole));
  v3 ^= last;
  round();
  round();
  v0 ^= last;
  v2 ^= 0xffn;
  round();
  round();
  round();
  round();
  return v0 ^ v1 ^ v2 ^ v3;
}
