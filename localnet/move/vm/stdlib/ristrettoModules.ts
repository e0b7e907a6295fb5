/**
 * `aptos_std::ristretto255_pedersen` and `ristretto255_elgamal` natively: Move code over
 * `ristretto255`, so each function calls the ristretto255 natives in the order its source does
 * (which decides the point handles it takes).
 *
 * - `Commitment { point: RistrettoPoint }`;
 * - `Ciphertext { left, right: RistrettoPoint }`, `CompressedCiphertext { left, right }` and
 *   `CompressedPubkey { point }` of `CompressedRistretto`s;
 * - `ristretto255_bulletproofs`: `RangeProof { bytes }`, `verify_range_proof` (the
 *   `BULLETPROOFS` feature, 0x30007; a DST over 256 bytes, 0x10006; then the commitment
 *   compressed and the proof checked by `bulletproofs.ts`), `verify_range_proof_pedersen` (with
 *   `basepoint()` and `hash_to_point_base()` as its bases, new points as in its source) and the
 *   batch verifiers, which abort `E_NATIVE_FUN_NOT_AVAILABLE` 0xd0007 on a node too.
 */
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl } from '../loader.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';
import { parseRangeProof, verifyRangeProof } from './bulletproofs.ts';
import { pointValue, RISTRETTO255 } from './ristretto.ts';
import { FEATURES } from './features.ts';

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);
const fields = (v: Value | undefined): Value[] => deref(v as Value) as Value[];
const IMPLS = new Map(RISTRETTO255);
/** Calls `ristretto255::<name>`; returns its first result. */
const r = (host: NativeHost, name: string, ...args: Value[]): Value => {
  const impl = IMPLS.get(name);
  if (impl === undefined) throw new Error(`no ristretto255::${name}`);
  return impl(host, [], args)[0] as Value;
};
/** A reference to field `i` of a struct value or reference. */
const at = (v: Value | undefined, i: number): Ref => new Ref(fields(v), i);
const optionOf = (o: Value): Value | undefined => ((o as Value[])[0] as Value[])[0];

const RAND_BASE = Array.from(
  Buffer.from('8c9240b456a9e6dc65c377a1048d745f94a08cdb7f44cbcd7b46f34048871134', 'hex'),
);

const op =
  (impl: (host: NativeHost, args: Value[]) => Value[]): NativeImpl =>
  (host, _tys, args) =>
    impl(host, args);

export const PEDERSEN: ReadonlyArray<[string, NativeImpl]> = [
  [
    'new_commitment_from_bytes',
    op((host, [b]) => {
      const point = optionOf(r(host, 'new_point_from_bytes', b as Value));
      return [point === undefined ? [[]] : [[[point]]]];
    }),
  ],
  [
    'commitment_to_bytes',
    op((host, [c]) => [
      r(host, 'point_to_bytes', new Ref([r(host, 'point_compress', at(c, 0))], 0)),
    ]),
  ],
  ['commitment_from_point', op((_h, [p]) => [[p as Value]])],
  ['commitment_from_compressed', op((host, [c]) => [[r(host, 'point_decompress', c as Value)]])],
  [
    'new_commitment',
    op((host, [v, vb, rr, rb]) => [
      [r(host, 'double_scalar_mul', v as Value, vb as Value, rr as Value, rb as Value)],
    ]),
  ],
  [
    'new_commitment_with_basepoint',
    op((host, [v, rr, rb]) => [
      [r(host, 'basepoint_double_mul', rr as Value, rb as Value, v as Value)],
    ]),
  ],
  [
    'new_commitment_for_bulletproof',
    op((host, [v, rr]) => {
      const base = optionOf(r(host, 'new_point_from_bytes', RAND_BASE)) as Value;
      return [[r(host, 'basepoint_double_mul', rr as Value, new Ref([base], 0), v as Value)]];
    }),
  ],
  ['commitment_add', op((host, [a, b]) => [[r(host, 'point_add', at(a, 0), at(b, 0))]])],
  [
    'commitment_add_assign',
    op((host, [a, b]) => (r(host, 'point_add_assign', at(a, 0), at(b, 0)), [])),
  ],
  ['commitment_sub', op((host, [a, b]) => [[r(host, 'point_sub', at(a, 0), at(b, 0))]])],
  [
    'commitment_sub_assign',
    op((host, [a, b]) => (r(host, 'point_sub_assign', at(a, 0), at(b, 0)), [])),
  ],
  ['commitment_clone', op((host, [c]) => [[r(host, 'point_clone', at(c, 0))]])],
  ['commitment_equals', op((host, [a, b]) => [r(host, 'point_equals', at(a, 0), at(b, 0))])],
  ['commitment_as_point', op((_h, [c]) => [at(c, 0)])],
  ['commitment_as_compressed_point', op((host, [c]) => [r(host, 'point_compress', at(c, 0))])],
  ['commitment_into_point', op((_h, [c]) => [fields(c)[0] as Value])],
  ['commitment_into_compressed_point', op((host, [c]) => [r(host, 'point_compress', at(c, 0))])],
  [
    'randomness_base_for_bulletproof',
    op((host) => [optionOf(r(host, 'new_point_from_bytes', RAND_BASE)) as Value]),
  ],
];

export const ELGAMAL: ReadonlyArray<[string, NativeImpl]> = [
  [
    'new_pubkey_from_bytes',
    op((host, [b]) => {
      const point = optionOf(r(host, 'new_compressed_point_from_bytes', b as Value));
      return [point === undefined ? [[]] : [[[point]]]];
    }),
  ],
  ['pubkey_to_bytes', op((_h, [pk]) => [[...(fields(fields(pk)[0])[0] as number[])]])],
  ['pubkey_to_point', op((host, [pk]) => [r(host, 'point_decompress', at(pk, 0))])],
  ['pubkey_to_compressed_point', op((_h, [pk]) => [[[...(fields(fields(pk)[0])[0] as number[])]]])],
  [
    'new_ciphertext_from_bytes',
    op((host, [b]) => {
      const bytes = b as number[];
      if (bytes.length !== 64) return [[[]]];
      const left = optionOf(r(host, 'new_point_from_bytes', bytes.slice(0, 32)));
      const right = optionOf(r(host, 'new_point_from_bytes', bytes.slice(32)));
      return [left === undefined || right === undefined ? [[]] : [[[left, right]]]];
    }),
  ],
  [
    'new_ciphertext_no_randomness',
    op((host, [v]) => [[r(host, 'basepoint_mul', v as Value), r(host, 'point_identity')]]),
  ],
  ['ciphertext_from_points', op((_h, [a, b]) => [[a as Value, b as Value]])],
  ['ciphertext_from_compressed_points', op((_h, [a, b]) => [[a as Value, b as Value]])],
  [
    'ciphertext_to_bytes',
    op((host, [c]) => {
      const left = r(host, 'point_compress', at(c, 0));
      const leftBytes = fields(left)[0] as number[];
      const right = r(host, 'point_compress', at(c, 1));
      return [[...leftBytes, ...(fields(right)[0] as number[])]];
    }),
  ],
  ['ciphertext_into_points', op((_h, [c]) => [...fields(c)])],
  ['ciphertext_as_points', op((_h, [c]) => [at(c, 0), at(c, 1)])],
  [
    'compress_ciphertext',
    op((host, [c]) => [[r(host, 'point_compress', at(c, 0)), r(host, 'point_compress', at(c, 1))]]),
  ],
  [
    'decompress_ciphertext',
    op((host, [c]) => [
      [r(host, 'point_decompress', at(c, 0)), r(host, 'point_decompress', at(c, 1))],
    ]),
  ],
  ...(['add', 'sub'] as const).flatMap((kind): Array<[string, NativeImpl]> => [
    [
      `ciphertext_${kind}`,
      op((host, [a, b]) => [
        [
          r(host, `point_${kind}`, at(a, 0), at(b, 0)),
          r(host, `point_${kind}`, at(a, 1), at(b, 1)),
        ],
      ]),
    ],
    [
      `ciphertext_${kind}_assign`,
      op((host, [a, b]) => {
        r(host, `point_${kind}_assign`, at(a, 0), at(b, 0));
        r(host, `point_${kind}_assign`, at(a, 1), at(b, 1));
        return [];
      }),
    ],
  ]),
  [
    'ciphertext_clone',
    op((host, [c]) => [[r(host, 'point_clone', at(c, 0)), r(host, 'point_clone', at(c, 1))]]),
  ],
  [
    'ciphertext_equals',
    op((host, [a, b]) => [
      r(host, 'point_equals', at(a, 0), at(b, 0)) === true &&
        r(host, 'point_equals', at(a, 1), at(b, 1)) === true,
    ]),
  ],
  ['get_value_component', op((_h, [c]) => [at(c, 0)])],
];

const unavailable: NativeImpl = () => {
  throw new BytecodeAbort('0x1::ristretto255_bulletproofs', 0xd0007n, null);
};
const bpFail = (code: bigint): never => {
  throw new BytecodeAbort('0x1::ristretto255_bulletproofs', code, null);
};
const BULLETPROOFS_ENABLED = FEATURES.find(
  ([n]) => n === 'bulletproofs_enabled',
)?.[1] as NativeImpl;
/** `bulletproofs.base` and `per_bit_rangeproof_verify` (v1.48.0). */
const VERIFY_BASE = 117946510;
const VERIFY_PER_BIT = 10042530;

/** `verify_range_proof(com, val_base, rand_base, proof, num_bits, dst)`. */
function verify(
  host: NativeHost,
  com: Value,
  valBase: Value,
  randBase: Value,
  proof: Value,
  numBits: bigint,
  dst: number[],
): boolean {
  if (BULLETPROOFS_ENABLED(host, [], [])[0] !== true) bpFail(0x30007n);
  if (dst.length > 256) bpFail(0x10006n);
  const compressed = fields(r(host, 'point_compress', com))[0] as number[];
  if (![8n, 16n, 32n, 64n].includes(numBits)) bpFail(0x10003n);
  const parsed = parseRangeProof(Uint8Array.from(fields(proof)[0] as number[]));
  if (parsed === null) bpFail(0x10001n);
  host.charge(VERIFY_BASE + VERIFY_PER_BIT * Number(numBits));
  return verifyRangeProof(
    parsed as NonNullable<typeof parsed>,
    Uint8Array.from(compressed),
    pointValue(host, valBase),
    pointValue(host, randBase),
    Number(numBits),
    Uint8Array.from(dst),
  );
}

export const BULLETPROOFS: ReadonlyArray<[string, NativeImpl]> = [
  ['get_max_range_bits', op(() => [64n])],
  ['range_proof_from_bytes', op((_h, [b]) => [[b as Value]])],
  ['range_proof_to_bytes', op((_h, [p]) => [[...(fields(p)[0] as number[])]])],
  [
    'verify_range_proof',
    op((host, [com, vb, rb, proof, bits, dst]) => [
      verify(
        host,
        com as Value,
        vb as Value,
        rb as Value,
        proof as Value,
        bits as bigint,
        dst as number[],
      ),
    ]),
  ],
  [
    'verify_range_proof_pedersen',
    op((host, [com, proof, bits, dst]) => {
      const base = r(host, 'basepoint');
      const h = r(host, 'hash_to_point_base');
      return [
        verify(
          host,
          at(com, 0),
          new Ref([base], 0),
          new Ref([h], 0),
          proof as Value,
          bits as bigint,
          dst as number[],
        ),
      ];
    }),
  ],
  ['verify_batch_range_proof', unavailable],
  ['verify_batch_range_proof_pedersen', unavailable],
];
