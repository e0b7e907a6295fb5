import {
  Ed25519PrivateKey,
  MultiEd25519PublicKey,
  MultiEd25519Signature,
  Serializer,
} from '@aptos-labs/ts-sdk';
import { bls12_381 } from '@noble/curves/bls12-381';
import { secp256k1 } from '@noble/curves/secp256k1';
import { describe, expect, it } from 'vitest';
import type { LongAddress } from '../../../localnet/encoding.ts';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken,
} from '../../../localnet/move/binary/types.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';
import { failure, VmWorld } from './vmWorld.ts';

/**
 * User modules (written with the test bytecode builder) calling `0x1::ed25519`,
 * `0x1::multi_ed25519` and `0x1::secp256k1` through bytecode: signatures made with the ts-sdk /
 * @noble verify, tampered ones do not, sizes abort with the framework's codes.
 */
const ME = `0x${'ab'.repeat(32)}` as LongAddress;
const STORE_COPY_DROP = 1 | 2 | 4;

const hex = (bytes: Uint8Array | number[]) => `0x${Buffer.from(bytes).toString('hex')}`;

/**
 * `module <name> { struct Msg has drop { foo: u64 }
 *   #[view] verify(sig, pk, msg): bool      (new_signature_from_bytes, new_unvalidated_…, signature_verify_strict)
 *   #[view] verify_t(sig, pk, foo: u64): bool   (signature_verify_strict_t(&s, &p, Msg { foo }))
 *   #[view] auth(pk): vector<u8>            (unvalidated_public_key_to_authentication_key)
 *   #[view] validate(pk): Option<ValidatedPublicKey>
 *   #[view] roundtrip(pk): vector<u8>       (validated → into_unvalidated → to_bytes, via public_key_validate)
 *   #[view] threshold(pk): Option<u8>       (multi_ed25519 only: check_and_get_threshold) }`
 */
function sigModule(name: string, target: 'ed25519' | 'multi_ed25519'): CompiledModule {
  const b = new ModuleBuilder(ME, name);
  const bytes = S.vec(S.u8);
  const sig = S.struct(b.foreignStruct('0x1', target, 'Signature', STORE_COPY_DROP));
  const upk = S.struct(b.foreignStruct('0x1', target, 'UnvalidatedPublicKey', STORE_COPY_DROP));
  const vpk = S.struct(b.foreignStruct('0x1', target, 'ValidatedPublicKey', STORE_COPY_DROP));
  const option = b.foreignStruct('0x1', 'option', 'Option', STORE_COPY_DROP, 1);
  const msg = b.struct('Msg', 2, [['foo', S.u64]]);
  const imported = (fn: string, params: SignatureToken[], returns: SignatureToken[], tps = 0) =>
    b.use('0x1', target, fn, params, returns, tps);
  const newSig = imported('new_signature_from_bytes', [bytes], [sig]);
  const newPk = imported('new_unvalidated_public_key_from_bytes', [bytes], [upk]);
  const verify = imported('signature_verify_strict', [S.ref(sig), S.ref(upk), bytes], [S.bool]);
  const verifyT = imported(
    'signature_verify_strict_t',
    [S.ref(sig), S.ref(upk), S.param(0)],
    [S.bool],
    1,
  );
  const auth = imported('unvalidated_public_key_to_authentication_key', [S.ref(upk)], [bytes]);
  const validate = imported(
    'new_validated_public_key_from_bytes',
    [bytes],
    [S.struct(option, [vpk])],
  );
  const pkValidate = imported('public_key_validate', [S.ref(upk)], [S.struct(option, [vpk])]);
  const extract = b.use(
    '0x1',
    'option',
    'extract',
    [S.mut(S.struct(option, [S.param(0)]))],
    [S.param(0)],
    1,
  );
  const into = imported('public_key_into_unvalidated', [vpk], [upk]);
  const toBytes = imported('unvalidated_public_key_to_bytes', [S.ref(upk)], [bytes]);
  const parse = [
    { op: 'MoveLoc', local: 0 },
    { op: 'Call', fn: newSig },
    { op: 'StLoc', local: 3 },
    { op: 'MoveLoc', local: 1 },
    { op: 'Call', fn: newPk },
    { op: 'StLoc', local: 4 },
    { op: 'ImmBorrowLoc', local: 3 },
    { op: 'ImmBorrowLoc', local: 4 },
    { op: 'MoveLoc', local: 2 },
  ] as const;
  b.fn('verify', {
    view: true,
    params: [bytes, bytes, bytes],
    returns: [S.bool],
    locals: [sig, upk],
    code: [...parse, { op: 'Call', fn: verify }, { op: 'Ret' }],
  });
  b.fn('verify_t', {
    view: true,
    params: [bytes, bytes, S.u64],
    returns: [S.bool],
    locals: [sig, upk],
    code: [
      ...parse,
      { op: 'Pack', def: msg.def },
      { op: 'CallGeneric', fn: b.fnInst(verifyT, [S.struct(msg.handle)]) },
      { op: 'Ret' },
    ],
  });
  b.fn('auth', {
    view: true,
    params: [bytes],
    returns: [bytes],
    locals: [upk],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: newPk },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: auth },
      { op: 'Ret' },
    ],
  });
  b.fn('validate', {
    view: true,
    params: [bytes],
    returns: [S.struct(option, [vpk])],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Call', fn: validate }, { op: 'Ret' }],
  });
  b.fn('roundtrip', {
    view: true,
    params: [bytes],
    returns: [bytes],
    locals: [upk, S.struct(option, [vpk])],
    code: [
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: newPk },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: pkValidate },
      { op: 'StLoc', local: 2 },
      { op: 'MutBorrowLoc', local: 2 },
      { op: 'CallGeneric', fn: b.fnInst(extract, [vpk]) },
      { op: 'Call', fn: into },
      { op: 'StLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 1 },
      { op: 'Call', fn: toBytes },
      { op: 'Ret' },
    ],
  });
  if (target === 'multi_ed25519') {
    const threshold = imported('check_and_get_threshold', [bytes], [S.struct(option, [S.u8])]);
    b.fn('threshold', {
      view: true,
      params: [bytes],
      returns: [S.struct(option, [S.u8])],
      code: [{ op: 'MoveLoc', local: 0 }, { op: 'Call', fn: threshold }, { op: 'Ret' }],
    });
  }
  return b.build();
}

/** `module secp { #[view] recover(msg, rid: u8, sig): Option<ECDSARawPublicKey> }` */
function secpModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'secp');
  const bytes = S.vec(S.u8);
  const sig = S.struct(b.foreignStruct('0x1', 'secp256k1', 'ECDSASignature', STORE_COPY_DROP));
  const raw = S.struct(b.foreignStruct('0x1', 'secp256k1', 'ECDSARawPublicKey', STORE_COPY_DROP));
  const option = b.foreignStruct('0x1', 'option', 'Option', STORE_COPY_DROP, 1);
  const fromBytes = b.use('0x1', 'secp256k1', 'ecdsa_signature_from_bytes', [bytes], [sig]);
  const recover = b.use(
    '0x1',
    'secp256k1',
    'ecdsa_recover',
    [bytes, S.u8, S.ref(sig)],
    [S.struct(option, [raw])],
  );
  b.fn('recover', {
    view: true,
    params: [bytes, S.u8, bytes],
    returns: [S.struct(option, [raw])],
    locals: [sig],
    code: [
      { op: 'MoveLoc', local: 2 },
      { op: 'Call', fn: fromBytes },
      { op: 'StLoc', local: 3 },
      { op: 'MoveLoc', local: 0 },
      { op: 'MoveLoc', local: 1 },
      { op: 'ImmBorrowLoc', local: 3 },
      { op: 'Call', fn: recover },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

/**
 * `module bls {
 *   #[view] validate(pk): Option<PublicKey>
 *   #[view] normal(sig, pk, msg): bool        (verify_normal_signature(&signature_from_bytes(sig), &extract(public_key_from_bytes(pk)), msg))
 *   #[view] with_pop(pk, pop): Option<PublicKeyWithPoP>
 *   #[view] multi(pk1, pop1, pk2, pop2, s1, s2, msg): bool    (aggregate_pubkeys, aggregate_signatures, verify_multisignature)
 *   #[view] aggr(pk1, pop1, pk2, pop2, s1, s2, m1, m2): bool  (verify_aggregate_signature)
 *   #[view] aggr_sig(bytes): AggrOrMultiSignature; #[view] no_keys(): AggrPublicKeysWithPoP }`
 */
function blsModule(): CompiledModule {
  const b = new ModuleBuilder(ME, 'bls');
  const bytes = S.vec(S.u8);
  const st = (name: string) => S.struct(b.foreignStruct('0x1', 'bls12381', name, STORE_COPY_DROP));
  const [pkTy, popTy, pkPopTy, aggPkTy, sigTy, aggSigTy] = [
    'PublicKey',
    'ProofOfPossession',
    'PublicKeyWithPoP',
    'AggrPublicKeysWithPoP',
    'Signature',
    'AggrOrMultiSignature',
  ].map(st) as [
    SignatureToken,
    SignatureToken,
    SignatureToken,
    SignatureToken,
    SignatureToken,
    SignatureToken,
  ];
  const option = b.foreignStruct('0x1', 'option', 'Option', STORE_COPY_DROP, 1);
  const opt = (t: SignatureToken) => S.struct(option, [t]);
  const extract = b.use('0x1', 'option', 'extract', [S.mut(opt(S.param(0)))], [S.param(0)], 1);
  const fn = (name: string, params: SignatureToken[], returns: SignatureToken[]) =>
    b.use('0x1', 'bls12381', name, params, returns);
  const pkFromBytes = fn('public_key_from_bytes', [bytes], [opt(pkTy)]);
  const sigFromBytes = fn('signature_from_bytes', [bytes], [sigTy]);
  const popFromBytes = fn('proof_of_possession_from_bytes', [bytes], [popTy]);
  const withPop = fn('public_key_from_bytes_with_pop', [bytes, S.ref(popTy)], [opt(pkPopTy)]);
  const verifyNormal = fn('verify_normal_signature', [S.ref(sigTy), S.ref(pkTy), bytes], [S.bool]);
  const aggPks = fn('aggregate_pubkeys', [S.vec(pkPopTy)], [aggPkTy]);
  const aggSigs = fn('aggregate_signatures', [S.vec(sigTy)], [opt(aggSigTy)]);
  const verifyMulti = fn(
    'verify_multisignature',
    [S.ref(aggSigTy), S.ref(aggPkTy), bytes],
    [S.bool],
  );
  const verifyAggr = fn(
    'verify_aggregate_signature',
    [S.ref(aggSigTy), S.vec(pkPopTy), S.vec(bytes)],
    [S.bool],
  );
  const aggSigFromBytes = fn('aggr_or_multi_signature_from_bytes', [bytes], [aggSigTy]);
  b.fn('validate', {
    view: true,
    params: [bytes],
    returns: [opt(pkTy)],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Call', fn: pkFromBytes }, { op: 'Ret' }],
  });
  b.fn('normal', {
    view: true,
    params: [bytes, bytes, bytes],
    returns: [S.bool],
    locals: [opt(pkTy), sigTy, pkTy],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: pkFromBytes },
      { op: 'StLoc', local: 3 },
      { op: 'MutBorrowLoc', local: 3 },
      { op: 'CallGeneric', fn: b.fnInst(extract, [pkTy]) },
      { op: 'StLoc', local: 5 },
      { op: 'MoveLoc', local: 0 },
      { op: 'Call', fn: sigFromBytes },
      { op: 'StLoc', local: 4 },
      { op: 'ImmBorrowLoc', local: 4 },
      { op: 'ImmBorrowLoc', local: 5 },
      { op: 'MoveLoc', local: 2 },
      { op: 'Call', fn: verifyNormal },
      { op: 'Ret' },
    ],
  });
  b.fn('with_pop', {
    view: true,
    params: [bytes, bytes],
    returns: [opt(pkPopTy)],
    locals: [popTy],
    code: [
      { op: 'MoveLoc', local: 1 },
      { op: 'Call', fn: popFromBytes },
      { op: 'StLoc', local: 2 },
      { op: 'MoveLoc', local: 0 },
      { op: 'ImmBorrowLoc', local: 2 },
      { op: 'Call', fn: withPop },
      { op: 'Ret' },
    ],
  });
  // Locals after the params (7 for multi, 8 for aggr): pop, Option<PKWithPoP>, key 1, key 2,
  // Option<AggrOrMultiSignature>, AggrOrMultiSignature.
  const keysAndSig = (base: number) => {
    const [pop, optKey, k1, k2, optSig, aggSig] = [0, 1, 2, 3, 4, 5].map((i) => base + i) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const key = (pkLocal: number, popLocal: number, into: number): Bytecode[] => [
      { op: 'MoveLoc', local: popLocal },
      { op: 'Call', fn: popFromBytes },
      { op: 'StLoc', local: pop },
      { op: 'MoveLoc', local: pkLocal },
      { op: 'ImmBorrowLoc', local: pop },
      { op: 'Call', fn: withPop },
      { op: 'StLoc', local: optKey },
      { op: 'MutBorrowLoc', local: optKey },
      { op: 'CallGeneric', fn: b.fnInst(extract, [pkPopTy]) },
      { op: 'StLoc', local: into },
    ];
    return {
      locals: [popTy, opt(pkPopTy), pkPopTy, pkPopTy, opt(aggSigTy), aggSigTy],
      k1,
      k2,
      aggSig,
      code: [
        ...key(0, 1, k1),
        ...key(2, 3, k2),
        { op: 'MoveLoc', local: 4 },
        { op: 'Call', fn: sigFromBytes },
        { op: 'MoveLoc', local: 5 },
        { op: 'Call', fn: sigFromBytes },
        { op: 'VecPack', sig: b.sig([sigTy]), count: 2n },
        { op: 'Call', fn: aggSigs },
        { op: 'StLoc', local: optSig },
        { op: 'MutBorrowLoc', local: optSig },
        { op: 'CallGeneric', fn: b.fnInst(extract, [aggSigTy]) },
        { op: 'StLoc', local: aggSig },
      ] satisfies Bytecode[],
    };
  };
  const multi = keysAndSig(7);
  b.fn('multi', {
    view: true,
    params: [bytes, bytes, bytes, bytes, bytes, bytes, bytes],
    returns: [S.bool],
    locals: [...multi.locals, aggPkTy],
    code: [
      ...multi.code,
      { op: 'MoveLoc', local: multi.k1 },
      { op: 'MoveLoc', local: multi.k2 },
      { op: 'VecPack', sig: b.sig([pkPopTy]), count: 2n },
      { op: 'Call', fn: aggPks },
      { op: 'StLoc', local: 13 },
      { op: 'ImmBorrowLoc', local: multi.aggSig },
      { op: 'ImmBorrowLoc', local: 13 },
      { op: 'MoveLoc', local: 6 },
      { op: 'Call', fn: verifyMulti },
      { op: 'Ret' },
    ],
  });
  const aggr = keysAndSig(8);
  b.fn('aggr', {
    view: true,
    params: [bytes, bytes, bytes, bytes, bytes, bytes, bytes, bytes],
    returns: [S.bool],
    locals: aggr.locals,
    code: [
      ...aggr.code,
      { op: 'ImmBorrowLoc', local: aggr.aggSig },
      { op: 'MoveLoc', local: aggr.k1 },
      { op: 'MoveLoc', local: aggr.k2 },
      { op: 'VecPack', sig: b.sig([pkPopTy]), count: 2n },
      { op: 'MoveLoc', local: 6 },
      { op: 'MoveLoc', local: 7 },
      { op: 'VecPack', sig: b.sig([bytes]), count: 2n },
      { op: 'Call', fn: verifyAggr },
      { op: 'Ret' },
    ],
  });
  b.fn('aggr_sig', {
    view: true,
    params: [bytes],
    returns: [aggSigTy],
    code: [{ op: 'MoveLoc', local: 0 }, { op: 'Call', fn: aggSigFromBytes }, { op: 'Ret' }],
  });
  b.fn('no_keys', {
    view: true,
    returns: [aggPkTy],
    code: [
      { op: 'VecPack', sig: b.sig([pkPopTy]), count: 0n },
      { op: 'Call', fn: aggPks },
      { op: 'Ret' },
    ],
  });
  return b.build();
}

function world(): VmWorld {
  const w = new VmWorld(ME);
  w.modules.set(`${ME}::ed`, sigModule('ed', 'ed25519'));
  w.modules.set(`${ME}::multi`, sigModule('multi', 'multi_ed25519'));
  w.modules.set(`${ME}::secp`, secpModule());
  w.modules.set(`${ME}::bls`, blsModule());
  return w;
}

/** BCS of `ed25519::SignedMessage<Msg> { type_info: TypeInfo { ME, module, "Msg" }, inner }`. */
function signedMsg(module: string, foo: bigint): Uint8Array {
  const s = new Serializer();
  s.serializeFixedBytes(Buffer.from(ME.slice(2), 'hex'));
  s.serializeBytes(Buffer.from(module));
  s.serializeBytes(Buffer.from('Msg'));
  s.serializeU64(foo);
  return s.toUint8Array();
}

const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const leHex = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex').reverse();

describe('0x1::ed25519 through bytecode', () => {
  const key = Ed25519PrivateKey.generate();
  const pk = key.publicKey().toUint8Array();
  const message = Buffer.from('hello aptos');
  const sig = key.sign(message).toUint8Array();

  it('verifies a ts-sdk signature; a tampered message or signature does not', () => {
    const w = world();
    expect(w.view('ed', 'verify', [hex(sig), hex(pk), hex(message)])).toEqual([true]);
    expect(w.view('ed', 'verify', [hex(sig), hex(pk), hex(Buffer.from('hello aptoS'))])).toEqual([
      false,
    ]);
    const tampered = Uint8Array.from(sig);
    tampered[5] = (tampered[5] as number) ^ 1;
    expect(w.view('ed', 'verify', [hex(tampered), hex(pk), hex(message)])).toEqual([false]);
    // Gas as aptos-gas-schedule's signature.* (base + deserialize + strict verify + hashing).
    expect(w.gasUsed).toBeGreaterThanOrEqual(551 + 1378 + 139688 + 981492 + 11910 + 220 * 11);
  });

  it('rejects a non-canonical S (S + ℓ) and a small-order key, as the strict native', () => {
    const w = world();
    const s = Buffer.from(sig.subarray(32)).reverse();
    const bumped = Uint8Array.from([
      ...sig.subarray(0, 32),
      ...leHex(BigInt(`0x${s.toString('hex')}`) + L),
    ]);
    expect(w.view('ed', 'verify', [hex(bumped), hex(pk), hex(message)])).toEqual([false]);
    // The identity point as key and R with S = 0 satisfies [S]B = R + [k]A for every message:
    // only the small-order check rejects it.
    const identity = [1, ...new Array<number>(31).fill(0)];
    const forged = [...identity, ...new Array<number>(32).fill(0)];
    expect(w.view('ed', 'verify', [hex(forged), hex(identity), hex(message)])).toEqual([false]);
    expect(w.view('ed', 'validate', [hex(identity)])).toEqual([{ vec: [] }]);
    expect(w.view('ed', 'validate', [hex(pk)])).toEqual([{ vec: [{ bytes: hex(pk) }] }]);
    // The validation native itself aborts with the raw code 1 on another size.
    const status = failure(() => w.view('ed', 'validate', [hex(pk.subarray(1))]));
    expect(status).toMatch(/0x1::ed25519: E_WRONG_PUBKEY_SIZE\(0x1\)/);
    expect(w.view('ed', 'roundtrip', [hex(pk)])).toEqual([hex(pk)]);
  });

  it('verifies signature_verify_strict_t over SignedMessage<T> with its type info', () => {
    const w = world();
    const typed = key.sign(signedMsg('ed', 42n)).toUint8Array();
    expect(w.view('ed', 'verify_t', [hex(typed), hex(pk), '42'])).toEqual([true]);
    expect(w.view('ed', 'verify_t', [hex(typed), hex(pk), '43'])).toEqual([false]);
  });

  it('derives the ts-sdk authentication key', () => {
    expect(world().view('ed', 'auth', [hex(pk)])).toEqual([key.publicKey().authKey().toString()]);
  });

  it('aborts on wrong sizes with E_WRONG_PUBKEY_SIZE / E_WRONG_SIGNATURE_SIZE', () => {
    const w = world();
    expect(failure(() => w.view('ed', 'verify', [hex(sig), hex(pk.subarray(1)), '0x']))).toMatch(
      /ed25519.*(0x10001|E_WRONG_PUBKEY_SIZE)/,
    );
    expect(failure(() => w.view('ed', 'verify', [hex(sig.subarray(1)), hex(pk), '0x']))).toMatch(
      /ed25519.*(0x10002|E_WRONG_SIGNATURE_SIZE)/,
    );
  });
});

describe('0x1::multi_ed25519 through bytecode', () => {
  const keys = [0, 1, 2].map(() => Ed25519PrivateKey.generate());
  const multi = new MultiEd25519PublicKey({
    publicKeys: keys.map((k) => k.publicKey()),
    threshold: 2,
  });
  const pk = multi.toUint8Array();
  const message = Buffer.from('multi hello');
  const signWith = (signers: number[], bytes: Uint8Array) =>
    new MultiEd25519Signature({
      signatures: signers.map((i) => (keys[i] as Ed25519PrivateKey).sign(bytes)),
      bitmap: MultiEd25519Signature.createBitmap({ bits: signers }),
    }).toUint8Array();

  it('verifies a 2-of-3 ts-sdk signature; one signer or a tampered one does not', () => {
    const w = world();
    expect(
      w.view('multi', 'verify', [hex(signWith([0, 2], message)), hex(pk), hex(message)]),
    ).toEqual([true]);
    expect(w.view('multi', 'verify', [hex(signWith([1], message)), hex(pk), hex(message)])).toEqual(
      [false],
    );
    const tampered = signWith([0, 1], message);
    tampered[70] = (tampered[70] as number) ^ 1;
    expect(w.view('multi', 'verify', [hex(tampered), hex(pk), hex(message)])).toEqual([false]);
    const typed = signWith([1, 2], signedMsg('multi', 7n));
    expect(w.view('multi', 'verify_t', [hex(typed), hex(pk), '7'])).toEqual([true]);
  });

  it('derives the ts-sdk authentication key, threshold and validation', () => {
    const w = world();
    expect(w.view('multi', 'auth', [hex(pk)])).toEqual([multi.authKey().toString()]);
    expect(w.view('multi', 'threshold', [hex(pk)])).toEqual([{ vec: '0x02' }]);
    const overThreshold = Uint8Array.from(pk);
    overThreshold[pk.length - 1] = 4;
    expect(w.view('multi', 'threshold', [hex(overThreshold)])).toEqual([{ vec: '0x' }]);
    expect(w.view('multi', 'validate', [hex(pk)])).toEqual([{ vec: [{ bytes: hex(pk) }] }]);
    const identity = [1, ...new Array<number>(31).fill(0)];
    const withSmall = [...pk.subarray(0, 64), ...identity, 2];
    expect(w.view('multi', 'validate', [hex(withSmall)])).toEqual([{ vec: [] }]);
  });

  it('aborts on wrong sizes', () => {
    const w = world();
    const sig = signWith([0, 2], message);
    expect(failure(() => w.view('multi', 'auth', [hex(pk.subarray(1))]))).toMatch(
      /multi_ed25519.*(0x10001|E_WRONG_PUBKEY_SIZE)/,
    );
    expect(
      failure(() => w.view('multi', 'verify', [hex(sig.subarray(1)), hex(pk), hex(message)])),
    ).toMatch(/multi_ed25519.*(0x10002|E_WRONG_SIGNATURE_SIZE)/);
  });
});

describe('0x1::secp256k1 through bytecode', () => {
  const secret = secp256k1.utils.randomPrivateKey();
  const raw = secp256k1.getPublicKey(secret, false).subarray(1);
  const digest = new Uint8Array(32).fill(9);
  const signature = secp256k1.sign(digest, secret);
  const sig = signature.toCompactRawBytes();

  it('recovers the key that signed', () => {
    const w = world();
    expect(w.view('secp', 'recover', [hex(digest), signature.recovery, hex(sig)])).toEqual([
      { vec: [{ bytes: hex(raw) }] },
    ]);
    const other = w.view('secp', 'recover', [hex(digest), signature.recovery ^ 1, hex(sig)]);
    expect(other).not.toEqual([{ vec: [{ bytes: hex(raw) }] }]);
    // The high-s twin (n − s, the other parity) recovers the same key: the native accepts it.
    const n = secp256k1.Point.Fn.ORDER;
    const highS = Uint8Array.from([
      ...sig.subarray(0, 32),
      ...Buffer.from((n - signature.s).toString(16).padStart(64, '0'), 'hex'),
    ]);
    expect(w.view('secp', 'recover', [hex(digest), signature.recovery ^ 1, hex(highS)])).toEqual([
      { vec: [{ bytes: hex(raw) }] },
    ]);
    // r = 0: recovery fails, none.
    const zeroR = Uint8Array.from([...new Array<number>(32).fill(0), ...sig.subarray(32)]);
    expect(w.view('secp', 'recover', [hex(digest), 0, hex(zeroR)])).toEqual([{ vec: [] }]);
  });

  it('aborts 0x10001 on a recovery id ≥ 4, a short message, r ≥ n or a wrong size', () => {
    const w = world();
    const abort = /secp256k1.*(0x10001|E_DESERIALIZE)/;
    expect(failure(() => w.view('secp', 'recover', [hex(digest), 4, hex(sig)]))).toMatch(abort);
    expect(
      failure(() => w.view('secp', 'recover', [hex(digest.subarray(1)), 0, hex(sig)])),
    ).toMatch(abort);
    const bigR = Uint8Array.from([...new Array<number>(32).fill(0xff), ...sig.subarray(32)]);
    expect(failure(() => w.view('secp', 'recover', [hex(digest), 0, hex(bigR)]))).toMatch(abort);
    expect(
      failure(() => w.view('secp', 'recover', [hex(digest), 0, hex(sig.subarray(1))])),
    ).toMatch(abort);
  });
});

describe('0x1::bls12381 through bytecode', () => {
  const BLS = bls12_381.longSignatures;
  const SIG = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
  const POP = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
  const signer = () => {
    const sk = bls12_381.utils.randomPrivateKey();
    const pk = BLS.getPublicKey(sk).toBytes(true);
    return {
      pk,
      pop: BLS.sign(BLS.hash(pk, POP), sk).toBytes(true),
      sign: (msg: Uint8Array) => BLS.sign(BLS.hash(msg, SIG), sk).toBytes(true),
    };
  };
  const a = signer();
  const b = signer();
  const msg = Buffer.from('bls hello');

  it('validates keys and verifies a normal signature (the PoP scheme DST, as aptos-crypto)', () => {
    const w = world();
    expect(w.view('bls', 'validate', [hex(a.pk)])).toEqual([{ vec: [{ bytes: hex(a.pk) }] }]);
    const identity = [0xc0, ...new Array<number>(47).fill(0)];
    expect(w.view('bls', 'validate', [hex(identity)])).toEqual([{ vec: [] }]);
    expect(w.view('bls', 'normal', [hex(a.sign(msg)), hex(a.pk), hex(msg)])).toEqual([true]);
    expect(w.view('bls', 'normal', [hex(b.sign(msg)), hex(a.pk), hex(msg)])).toEqual([false]);
    expect(w.view('bls', 'normal', [hex(a.sign(msg).subarray(1)), hex(a.pk), hex(msg)])).toEqual([
      false,
    ]);
  });

  it('checks proofs of possession', () => {
    const w = world();
    expect(w.view('bls', 'with_pop', [hex(a.pk), hex(a.pop)])).toEqual([
      { vec: [{ bytes: hex(a.pk) }] },
    ]);
    expect(w.view('bls', 'with_pop', [hex(a.pk), hex(b.pop)])).toEqual([{ vec: [] }]);
  });

  it('aggregates keys and signatures: multisignatures and aggregate signatures verify', () => {
    const w = world();
    const keys = [hex(a.pk), hex(a.pop), hex(b.pk), hex(b.pop)];
    expect(w.view('bls', 'multi', [...keys, hex(a.sign(msg)), hex(b.sign(msg)), hex(msg)])).toEqual(
      [true],
    );
    const other = Buffer.from('other');
    expect(
      w.view('bls', 'multi', [...keys, hex(a.sign(msg)), hex(b.sign(other)), hex(msg)]),
    ).toEqual([false]);
    expect(
      w.view('bls', 'aggr', [...keys, hex(a.sign(msg)), hex(b.sign(other)), hex(msg), hex(other)]),
    ).toEqual([true]);
    expect(
      w.view('bls', 'aggr', [...keys, hex(a.sign(msg)), hex(b.sign(other)), hex(other), hex(msg)]),
    ).toEqual([false]);
  });

  it('aborts EWRONG_SIZE and EZERO_PUBKEYS', () => {
    const w = world();
    expect(failure(() => w.view('bls', 'aggr_sig', [hex(a.sign(msg).subarray(1))]))).toMatch(
      /bls12381.*(0x10002|EWRONG_SIZE)/,
    );
    expect(failure(() => w.view('bls', 'no_keys', []))).toMatch(
      /bls12381.*(0x10001|EZERO_PUBKEYS)/,
    );
  });
});
