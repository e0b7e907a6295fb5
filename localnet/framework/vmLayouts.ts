/**
 * The struct half of the framework as the VM links it (its functions are in `vmBridge.ts`): the
 * layouts of `0x1` structs that bytecode may hold in its own values
 * (`String`, `Option<T>`, `Table<K, V>`, `Object<T>`, `Coin<T>`, the crypto keys, …) though `0x1`
 * has no bytecode here, with their real fields and abilities; any other struct of a native module
 * from that module's ABI.
 */
import { findModule } from './registry.ts';
import type { LoadedStruct } from '../move/vm/loader.ts';
import type { StructName } from '../move/vm/ty.ts';
import { parseTy, structId, T } from '../move/vm/ty.ts';
import {
  ABILITY,
  copy,
  def,
  drop,
  GUID,
  key,
  name,
  P0,
  P1,
  s,
  store,
  STRING,
} from './layoutDefs.ts';
import { MORE } from './vmLayoutsMore.ts';

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
KNOWN.push(...MORE);
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
            fields:
              abi.variants === undefined
                ? abi.fields.map((field) => ({ name: field.name, ty: parseTy(field.type, true) }))
                : null,
            variants:
              abi.variants?.map((variant) => ({
                name: variant.name,
                fields: variant.fields.map((f) => ({ name: f.name, ty: parseTy(f.type, true) })),
              })) ?? null,
          };
    // Only structs the registry has: a made-up name (from a client's bytecode or types) is not kept.
    if (found !== null) fromAbi.set(id, found);
  }
  return found ?? undefined;
}
