import {
  Ed25519PrivateKey,
  MultiEd25519PublicKey,
  MultiEd25519Signature,
  Serializer,
} from '@aptos-labs/ts-sdk';
import { secp256k1 } from '@noble/curves/secp256k1';
import { describe, expect, it } from 'vitest';
import type { Json, LongAddress } from '../../../localnet/encoding.ts';
import { GasMeter } from '../../../localnet/executor/gas.ts';
import type { NativeContext } from '../../../localnet/framework/context.ts';
import { MoveAbort, VmStatusError } from '../../../localnet/framework/context.ts';
import type { CompiledModule, SignatureToken } from '../../../localnet/move/binary/types.ts';
import { gasCounterOf } from '../../../localnet/move/vm/chain.ts';
import { bytecodeModule, runView } from '../../../localnet/move/vm/index.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * User modules (written with the test bytecode builder) calling `0x1::ed25519`,
 * `0x1::multi_ed25519` and `0x1::secp256k1` through bytecode: signatures made with the ts-sdk /
 * @noble verify, tampered ones do not, sizes abort with the framework's codes.
 */
const ME = `0x${'ab'.repeat(32)}` as LongAddress;
const STORE_COPY_DROP = 1 | 2 | 4;

class World {
  modules = new Map<string, CompiledModule>();
  store = { module: (a: LongAddress, n: string) => this.modules.get(`${a}::${n}`) ?? null };
  gasUsed = 0;

  view(module: string, fn: string, args: Json[]): Json[] {
    const meter = new GasMeter(2_000_000n, 0);
    const ctx: NativeContext = {
      signers: [],
      timestampMicros: 1_000_000n,
      chainId: 4,
      get: () => null,
      write: () => undefined,
      emit: () => undefined,
      charge: (internal) => meter.chargeExecution(internal),
    };
    const loaded = bytecodeModule(this.store, ctx, ME, module);
    if (loaded === null) throw new Error('no module');
    const counter = gasCounterOf(meter);
    const before = counter.remaining();
    const out = runView(
      { ctx, store: this.store, meter: counter, seed: new Uint8Array(32) },
      loaded,
      fn,
      [],
      { json: args },
    );
    this.gasUsed = before - counter.remaining();
    return out;
  }
}

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof MoveAbort) return error.vmStatus;
    if (error instanceof VmStatusError) return error.status;
    throw error;
  }
  throw new Error('expected a failure');
}

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

function world(): World {
  const w = new World();
  w.modules.set(`${ME}::ed`, sigModule('ed', 'ed25519'));
  w.modules.set(`${ME}::multi`, sigModule('multi', 'multi_ed25519'));
  w.modules.set(`${ME}::secp`, secpModule());
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
