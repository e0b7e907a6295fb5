/**
 * The one place where bytecode meets the native framework (`localnet/framework/`).
 *
 * - `frameworkStruct(name)`: the layout of a framework struct (`0x1::string::String`,
 *   `0x1::option::Option<T>`, `0x1::table::Table<K, V>`, `0x1::object::Object<T>`,
 *   `0x1::coin::Coin<T>`, …) that bytecode may hold in its own values, though `0x1` has no
 *   bytecode here.
 * - `frameworkFunction(address, module, name)`: a call from bytecode into the framework: first the
 *   functions here that take framework values (`coin::withdraw` → `Coin<T>`, `coin::deposit`,
 *   `merge`, `extract`, `object::create_object` → `ConstructorRef`, `generate_signer`,
 *   `account::create_resource_account`, …), then
 *   any natively implemented
 *   framework function (`coin::transfer`, `aptos_account::transfer`, `timestamp::now_seconds`,
 *   any function of `localnet/framework/modules/` with a `run`), its arguments converted from
 *   VM values to the framework's `MoveVal`s and its results back, by the function's ABI types.
 *
 * Both sides then share one `NativeContext` (one write buffer, one gas meter, one event list).
 */
import type { LongAddress } from '../../encoding.ts';
import { fromHex, parseAddress, sha3, shortAddress, toHex } from '../../encoding.ts';
import {
  APTOS_COIN_TYPE,
  depositApt,
  ensureAccount,
  OBJECT_CORE_TYPE,
  objectCoreValue,
  withdrawApt,
} from '../../framework/assets.ts';
import type { NativeContext, NativeFunction } from '../../framework/context.ts';
import { findModule } from '../../framework/registry.ts';
import type { ResourceValue } from '../../storage/types.ts';
import { resourceKey } from '../../storage/types.ts';
import { BytecodeAbort } from './errors.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import type { LoadedStruct, NativeImpl } from './loader.ts';
import type { StructName, Ty } from './ty.ts';
import { K, parseTy, structId, subst, T, tyString } from './ty.ts';
import type { Value } from './values.ts';
import { Ref, ValueError } from './values.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;

const name = (module: string, struct: string): StructName => ({
  address: FRAMEWORK,
  module,
  name: struct,
});
const s = (module: string, struct: string, args: Ty[] = []): Ty =>
  T.struct(name(module, struct), args);
const P0 = T.param(0);
const P1 = T.param(1);

const ABILITY = { copy: 1, drop: 2, store: 4, key: 8 } as const;

function def(
  module: string,
  struct: string,
  abilities: number,
  fields: Array<[string, Ty]>,
  typeParams = 0,
  /** All type parameters phantom (`Object<phantom T>`, `Table<phantom K, phantom V>`, …). */
  isPhantom = false,
): LoadedStruct {
  return {
    name: name(module, struct),
    abilities,
    typeParams: Array.from({ length: typeParams }, () => ({ constraints: 0, isPhantom })),
    fields: fields.map(([fieldName, ty]) => ({ name: fieldName, ty })),
    variants: null,
  };
}

const { copy, drop, store, key } = ABILITY;
const STRING = s('string', 'String');
const GUID = s('guid', 'GUID');

/** Framework structs bytecode may hold, with their real fields. */
const KNOWN: LoadedStruct[] = [
  def('string', 'String', copy | drop | store, [['bytes', T.vector(T.u8)]]),
  def('option', 'Option', copy | drop | store, [['vec', T.vector(P0)]], 1),
  def('object', 'Object', copy | drop | store, [['inner', T.address]], 1, true),
  def('object', 'ConstructorRef', drop, [
    ['self', T.address],
    ['can_delete', T.bool],
  ]),
  def('object', 'ExtendRef', drop | store, [['self', T.address]]),
  def('object', 'DeleteRef', drop | store, [['self', T.address]]),
  def('object', 'TransferRef', drop | store, [['self', T.address]]),
  def('object', 'DeriveRef', drop | store, [['self', T.address]]),
  def('table', 'Table', store, [['handle', T.address]], 2, true),
  def(
    'table_with_length',
    'TableWithLength',
    store,
    [
      ['inner', s('table', 'Table', [P0, P1])],
      ['length', T.u64],
    ],
    2,
    true,
  ),
  def('coin', 'Coin', store, [['value', T.u64]], 1, true),
  def('aptos_coin', 'AptosCoin', key, [['dummy_field', T.bool]]),
  def('type_info', 'TypeInfo', copy | drop | store, [
    ['account_address', T.address],
    ['module_name', T.vector(T.u8)],
    ['struct_name', T.vector(T.u8)],
  ]),
  def('type_name', 'TypeName', copy | drop | store, [['name', STRING]]),
  def('guid', 'ID', copy | drop | store, [
    ['creation_num', T.u64],
    ['addr', T.address],
  ]),
  def('guid', 'GUID', drop | store, [['id', s('guid', 'ID')]]),
  def(
    'event',
    'EventHandle',
    store,
    [
      ['counter', T.u64],
      ['guid', GUID],
    ],
    1,
    true,
  ),
  def(
    'simple_map',
    'SimpleMap',
    copy | drop | store,
    [['data', T.vector(s('simple_map', 'Element', [P0, P1]))]],
    2,
  ),
  def(
    'simple_map',
    'Element',
    copy | drop | store,
    [
      ['key', P0],
      ['value', P1],
    ],
    2,
  ),
  def('account', 'SignerCapability', drop | store, [['account', T.address]]),
  // aptos_std data structures and string_utils's list (natives in `stdlib/`).
  def(
    'smart_table',
    'SmartTable',
    store,
    [
      [
        'buckets',
        s('table_with_length', 'TableWithLength', [
          T.u64,
          T.vector(s('smart_table', 'Entry', [P0, P1])),
        ]),
      ],
      ['num_buckets', T.u64],
      ['level', T.u8],
      ['size', T.u64],
      ['split_load_threshold', T.u8],
      ['target_bucket_size', T.u64],
    ],
    2,
  ),
  def(
    'smart_table',
    'Entry',
    copy | drop | store,
    [
      ['hash', T.u64],
      ['key', P0],
      ['value', P1],
    ],
    2,
  ),
  def(
    'string_utils',
    'Cons',
    copy | drop | store,
    [
      ['car', P0],
      ['cdr', P1],
    ],
    2,
  ),
  def('string_utils', 'NIL', copy | drop | store, [['dummy_field', T.bool]]),
  def(
    'smart_vector',
    'SmartVector',
    store,
    [
      ['inline_vec', T.vector(P0)],
      ['big_vec', s('option', 'Option', [s('big_vector', 'BigVector', [P0])])],
      ['inline_capacity', s('option', 'Option', [T.u64])],
      ['bucket_size', s('option', 'Option', [T.u64])],
    ],
    1,
  ),
  def(
    'big_vector',
    'BigVector',
    store,
    [
      ['buckets', s('table_with_length', 'TableWithLength', [T.u64, T.vector(P0)])],
      ['end_index', T.u64],
      ['bucket_size', T.u64],
    ],
    1,
  ),
  def('comparator', 'Result', drop, [['inner', T.u8]]),
  def('any', 'Any', drop | store, [
    ['type_name', STRING],
    ['data', T.vector(T.u8)],
  ]),
  def('copyable_any', 'Any', copy | drop | store, [
    ['type_name', STRING],
    ['data', T.vector(T.u8)],
  ]),
  // aptos_std signature modules (natives in `stdlib/crypto.ts`): `{ bytes: vector<u8> }` each.
  ...(
    [
      ['ed25519', ['UnvalidatedPublicKey', 'ValidatedPublicKey', 'Signature']],
      ['multi_ed25519', ['UnvalidatedPublicKey', 'ValidatedPublicKey', 'Signature']],
      ['secp256k1', ['ECDSARawPublicKey', 'ECDSASignature']],
      [
        'bls12381',
        [
          'PublicKey',
          'ProofOfPossession',
          'PublicKeyWithPoP',
          'AggrPublicKeysWithPoP',
          'Signature',
          'AggrOrMultiSignature',
        ],
      ],
    ] as const
  ).flatMap(([module, structs]) =>
    structs.map((struct) => def(module, struct, copy | drop | store, [['bytes', T.vector(T.u8)]])),
  ),
  def(
    'ed25519',
    'SignedMessage',
    drop,
    [
      ['type_info', s('type_info', 'TypeInfo')],
      ['inner', P0],
    ],
    1,
  ),
  def('fixed_point32', 'FixedPoint32', copy | drop | store, [['value', T.u64]]),
  def('fixed_point64', 'FixedPoint64', copy | drop | store, [['value', T.u128]]),
  def('fungible_asset', 'FungibleAsset', 0, [
    ['metadata', s('object', 'Object', [s('fungible_asset', 'Metadata')])],
    ['amount', T.u64],
  ]),
];
KNOWN.push({
  name: name('auth_data', 'AbstractionAuthData'),
  abilities: copy | drop,
  typeParams: [],
  fields: null,
  variants: [
    {
      name: 'V1',
      fields: [
        { name: 'digest', ty: T.vector(T.u8) },
        { name: 'authenticator', ty: T.vector(T.u8) },
      ],
    },
    {
      name: 'DerivableV1',
      fields: [
        { name: 'digest', ty: T.vector(T.u8) },
        { name: 'abstract_signature', ty: T.vector(T.u8) },
        { name: 'abstract_public_key', ty: T.vector(T.u8) },
      ],
    },
  ],
});
// std::cmp::Ordering and aptos_std::ordered_map (natives in `stdlib/orderedMap.ts`).
KNOWN.push(
  {
    name: name('cmp', 'Ordering'),
    abilities: copy | drop,
    typeParams: [],
    fields: null,
    variants: ['Less', 'Equal', 'Greater'].map((variant) => ({ name: variant, fields: [] })),
  },
  {
    name: name('ordered_map', 'OrderedMap'),
    abilities: copy | drop | store,
    typeParams: [
      { constraints: 0, isPhantom: false },
      { constraints: 0, isPhantom: false },
    ],
    fields: null,
    variants: [
      {
        name: 'SortedVectorMap',
        fields: [{ name: 'entries', ty: T.vector(s('ordered_map', 'Entry', [P0, P1])) }],
      },
    ],
  },
  def(
    'ordered_map',
    'Entry',
    copy | drop | store,
    [
      ['key', P0],
      ['value', P1],
    ],
    2,
  ),
);
const KNOWN_BY_ID = new Map(KNOWN.map((struct) => [structId(struct.name), struct]));
const fromAbi = new Map<string, LoadedStruct | null>();

/** The layout of a framework struct: the table above, else the native module's struct ABI. */
export function frameworkStruct(struct: StructName): LoadedStruct | undefined {
  const id = structId(struct);
  const known = KNOWN_BY_ID.get(id);
  if (known !== undefined) return known;
  let found = fromAbi.get(id);
  if (found === undefined) {
    const abi = findModule(struct.address, struct.module)?.structs.find(
      (candidate) => candidate.name === struct.name,
    );
    found =
      abi === undefined
        ? null
        : {
            name: struct,
            abilities: abi.abilities.reduce(
              (set, ability) => set | (ABILITY[ability as keyof typeof ABILITY] ?? 0),
              0,
            ),
            typeParams: (abi.typeParams ?? []).map((param) => ({
              constraints: 0,
              isPhantom: param.is_phantom,
            })),
            fields: abi.fields.map((field) => ({
              name: field.name,
              ty: parseTy(field.type, true),
            })),
            variants: null,
          };
    fromAbi.set(id, found);
  }
  return found ?? undefined;
}

// ---------------------------------------------------------------------------------------------
// Values across the boundary

const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

/** A VM value as the native framework takes it (`MoveVal`). */
export function toMoveVal(ty: Ty, v: Value): MoveVal {
  v = deref(v);
  switch (ty.k) {
    case K.VECTOR:
      if (ty.elem.k === K.U8) return Uint8Array.from(v as number[]);
      return (v as Value[]).map((item) => toMoveVal(ty.elem, item));
    case K.STRUCT: {
      const id = structId(ty.s);
      const fields = v as Value[];
      if (id === '0x1::string::String') return Buffer.from(fields[0] as number[]).toString('utf8');
      if (id === '0x1::option::Option')
        return (fields[0] as Value[]).map((item) => toMoveVal(ty.args[0] as Ty, item));
      if (id === '0x1::object::Object') return fields[0] as string;
      throw new ValueError(`${id} cannot cross into the native framework`);
    }
    case K.REF:
    case K.MUT_REF:
      return toMoveVal(ty.to, v);
    default:
      return v as MoveVal;
  }
}

/** A native framework result as a VM value. */
export function fromMoveVal(ty: Ty, v: MoveVal): Value {
  switch (ty.k) {
    case K.VECTOR:
      if (ty.elem.k === K.U8) return Array.from(v as Uint8Array);
      return (v as MoveVal[]).map((item) => fromMoveVal(ty.elem, item));
    case K.STRUCT: {
      const id = structId(ty.s);
      if (id === '0x1::string::String') return [Array.from(Buffer.from(v as string, 'utf8'))];
      if (id === '0x1::option::Option')
        return [(v as MoveVal[]).map((item) => fromMoveVal(ty.args[0] as Ty, item))];
      if (id === '0x1::object::Object') return [v as string];
      throw new ValueError(`${id} cannot come from the native framework`);
    }
    default:
      return v as Value;
  }
}

const isSigner = (ty: Ty): boolean =>
  ty.k === K.SIGNER || ((ty.k === K.REF || ty.k === K.MUT_REF) && ty.to.k === K.SIGNER);

/** The context a framework function sees: the session's, with the signers bytecode passed. */
function withSigners(ctx: NativeContext, signers: readonly LongAddress[]): NativeContext {
  return {
    signers,
    timestampMicros: ctx.timestampMicros,
    chainId: ctx.chainId,
    get: (k) => ctx.get(k),
    write: (k, value) => ctx.write(k, value),
    emit: (type, data) => ctx.emit(type, data),
    charge: (internal) => ctx.charge(internal),
  };
}

function bridge(fn: NativeFunction, run: NonNullable<NativeFunction['run']>): NativeImpl {
  const params = fn.params.map((param) => parseTy(param, true));
  const returns = fn.returns.map((ret) => parseTy(ret, true));
  let signerCount = 0;
  while (signerCount < params.length && isSigner(params[signerCount] as Ty)) signerCount += 1;
  return (host, tyArgs, args) => {
    const signers = args.slice(0, signerCount).map((arg) => deref(arg) as LongAddress);
    const rest = args
      .slice(signerCount)
      .map((arg, i) => toMoveVal(subst(params[signerCount + i] as Ty, tyArgs), arg));
    const ctx = signerCount === 0 ? host.session.ctx : withSigners(host.session.ctx, signers);
    const results = run(ctx, tyArgs.map(tyString), rest);
    return returns.map((ret, i) => fromMoveVal(subst(ret, tyArgs), results[i] as MoveVal));
  };
}

// ---------------------------------------------------------------------------------------------
// Framework functions that take or return framework values (`Coin<T>`, `ConstructorRef`,
// `Object<T>`): implemented here on the native framework's state helpers.

const frameworkAbort = (module: string, code: bigint): never => {
  throw new BytecodeAbort(`0x1::${module}`, code, null);
};
const COIN_ERRORS = {
  insufficient: { name: 'EINSUFFICIENT_BALANCE', doc: 'Not enough coins to complete transaction' },
  notPublished: { name: 'ECOIN_INFO_NOT_PUBLISHED', doc: '`CoinType` is not registered as a coin' },
  nonZero: { name: 'EDESTRUCTION_OF_NONZERO_TOKEN', doc: 'Cannot destroy non-zero coins' },
};
const coinAbort = (code: bigint, reason: { name: string; doc: string }): never => {
  throw new BytecodeAbort('0x1::coin', code, reason);
};
const requireApt = (tys: readonly Ty[]) => {
  if (tyString(tys[0] as Ty) !== APTOS_COIN_TYPE) coinAbort(0x60002n, COIN_ERRORS.notPublished);
};
const fieldsOf = (v: Value): Value[] => deref(v) as Value[];
const objectCore = (ctx: NativeContext, address: LongAddress) =>
  ctx.get(resourceKey(address, OBJECT_CORE_TYPE)) as ResourceValue | null;

const OBJECT_FROM_SEED = 0xfe;
const OBJECT_FROM_AUID = 0xfb;
const RESOURCE_ACCOUNT_SCHEME = 0xff;

const FRAMEWORK_NATIVES: Record<string, NativeImpl> = {
  'coin::withdraw': (host, tys, [signer, amount]) => {
    requireApt(tys);
    withdrawApt(host.session.ctx, deref(signer as Value) as LongAddress, amount as bigint, () =>
      coinAbort(0x10006n, COIN_ERRORS.insufficient),
    );
    return [[amount as bigint]];
  },
  'coin::deposit': (host, tys, [to, coin]) => {
    requireApt(tys);
    ensureAccount(host.session.ctx, to as LongAddress);
    depositApt(host.session.ctx, to as LongAddress, (coin as Value[])[0] as bigint);
    return [];
  },
  'coin::value': (_h, _t, [coin]) => [fieldsOf(coin as Value)[0] as Value],
  'coin::zero': () => [[0n]],
  'coin::merge': (_h, _t, [dst, src]) => {
    const fields = fieldsOf(dst as Value);
    fields[0] = (fields[0] as bigint) + ((src as Value[])[0] as bigint);
    return [];
  },
  'coin::extract': (_h, _t, [coin, amount]) => {
    const fields = fieldsOf(coin as Value);
    if ((fields[0] as bigint) < (amount as bigint)) coinAbort(0x10006n, COIN_ERRORS.insufficient);
    fields[0] = (fields[0] as bigint) - (amount as bigint);
    return [[amount as bigint]];
  },
  'coin::extract_all': (_h, _t, [coin]) => {
    const fields = fieldsOf(coin as Value);
    const all = fields[0] as bigint;
    fields[0] = 0n;
    return [[all]];
  },
  'coin::destroy_zero': (_h, _t, [coin]) => {
    if ((coin as Value[])[0] !== 0n) coinAbort(0x10007n, COIN_ERRORS.nonZero);
    return [];
  },
  'coin::is_account_registered': (_h, tys) => [tyString(tys[0] as Ty) === APTOS_COIN_TYPE],
  'coin::register': () => [],
  'object::create_object': (host, _t, [owner]) => {
    const address = host.session.uniqueAddress(OBJECT_FROM_AUID);
    host.session.ctx.write(
      resourceKey(address, OBJECT_CORE_TYPE),
      objectCoreValue(address, owner as LongAddress),
    );
    return [[address, true]];
  },
  'object::create_named_object': (host, _t, [creator, seed]) => {
    const address = toHex(
      sha3(
        fromHex(deref(creator as Value) as string),
        Uint8Array.from(seed as number[]),
        Uint8Array.of(OBJECT_FROM_SEED),
      ),
    ) as LongAddress;
    if (objectCore(host.session.ctx, address) !== null) frameworkAbort('object', 0x80001n);
    host.session.ctx.write(
      resourceKey(address, OBJECT_CORE_TYPE),
      objectCoreValue(address, deref(creator as Value) as LongAddress),
    );
    return [[address, false]];
  },
  'object::generate_signer': (_h, _t, [ref]) => [fieldsOf(ref as Value)[0] as Value],
  'object::address_from_constructor_ref': (_h, _t, [ref]) => [fieldsOf(ref as Value)[0] as Value],
  'object::object_from_constructor_ref': (_h, _t, [ref]) => [[fieldsOf(ref as Value)[0] as Value]],
  'object::generate_extend_ref': (_h, _t, [ref]) => [[fieldsOf(ref as Value)[0] as Value]],
  'object::generate_transfer_ref': (_h, _t, [ref]) => [[fieldsOf(ref as Value)[0] as Value]],
  'object::generate_delete_ref': (_h, _t, [ref]) => [[fieldsOf(ref as Value)[0] as Value]],
  'object::generate_derive_ref': (_h, _t, [ref]) => [[fieldsOf(ref as Value)[0] as Value]],
  'object::generate_signer_for_extending': (_h, _t, [ref]) => [fieldsOf(ref as Value)[0] as Value],
  'object::address_from_extend_ref': (_h, _t, [ref]) => [fieldsOf(ref as Value)[0] as Value],
  'object::object_address': (_h, _t, [object]) => [fieldsOf(object as Value)[0] as Value],
  'object::address_to_object': (host, _t, [address]) => {
    if (objectCore(host.session.ctx, address as LongAddress) === null)
      frameworkAbort('object', 0x60002n);
    return [[address as Value]];
  },
  'object::is_owner': (host, _t, [object, owner]) => {
    const core = objectCore(host.session.ctx, fieldsOf(object as Value)[0] as LongAddress);
    if (core === null) frameworkAbort('object', 0x60002n);
    return [parseAddress(core?.data.owner as string) === owner];
  },
  'object::transfer': (host, _t, [signer, object, to]) => {
    const ctx = host.session.ctx;
    const address = fieldsOf(object as Value)[0] as LongAddress;
    const core = objectCore(ctx, address);
    if (core === null) frameworkAbort('object', 0x60002n);
    if (parseAddress((core as ResourceValue).data.owner as string) !== deref(signer as Value)) {
      frameworkAbort('object', 0x50004n);
    }
    ctx.write(resourceKey(address, OBJECT_CORE_TYPE), {
      ...(core as ResourceValue),
      data: { ...(core as ResourceValue).data, owner: shortAddress(to as LongAddress) },
    });
    ctx.emit('0x1::object::Transfer', {
      object: shortAddress(address),
      from: (core as ResourceValue).data.owner as string,
      to: shortAddress(to as LongAddress),
    });
    return [];
  },
  'account::create_resource_account': (host, _t, [source, seed]) => {
    const address = toHex(
      sha3(
        fromHex(deref(source as Value) as string),
        Uint8Array.from(seed as number[]),
        Uint8Array.of(RESOURCE_ACCOUNT_SCHEME),
      ),
    ) as LongAddress;
    ensureAccount(host.session.ctx, address);
    return [address, [address]];
  },
  'account::create_signer_with_capability': (_h, _t, [cap]) => [fieldsOf(cap as Value)[0] as Value],
  'account::get_signer_capability_address': (_h, _t, [cap]) => [fieldsOf(cap as Value)[0] as Value],
  'transaction_context::get_transaction_hash': (host) => [Array.from(host.session.seed)],
  'transaction_context::generate_auid_address': (host) => [
    host.session.uniqueAddress(OBJECT_FROM_AUID),
  ],
};

const bridged = new Map<string, NativeImpl | null>();

/** A natively implemented framework function, callable from bytecode; `undefined` when none. */
export function frameworkFunction(
  address: LongAddress,
  module: string,
  fnName: string,
): NativeImpl | undefined {
  const id = `${address}::${module}::${fnName}`;
  let impl = bridged.get(id);
  if (impl === undefined && address === FRAMEWORK) impl = FRAMEWORK_NATIVES[`${module}::${fnName}`];
  if (impl === undefined) {
    const fn = findModule(address, module)?.functions.find(
      (candidate) => candidate.name === fnName,
    );
    impl = fn?.run === undefined ? null : bridge(fn, fn.run);
    bridged.set(id, impl);
  }
  return impl ?? undefined;
}
