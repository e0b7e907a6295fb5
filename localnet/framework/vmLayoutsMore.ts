/**
 * Layouts of framework structs declared beside their natives as the framework grew on the VM's
 * values (std and aptos_std modules, system configs, genesis's resources): appended to
 * `vmLayouts.ts`' table, after it, so an entry here wins over one there.
 */
import type { LoadedStruct } from '../move/vm/loader.ts';
import type { Ty } from '../move/vm/ty.ts';
import { T } from '../move/vm/ty.ts';
import { copy, def, drop, enumOf, key, name, P0, P1, s, store, STRING } from './layoutDefs.ts';

/** `0x1::stake::StakePool`'s event handle fields, in declaration order (its layout and genesis). */
export const STAKE_POOL_EVENT_HANDLES = [
  'initialize_validator_events',
  'set_operator_events',
  'add_stake_events',
  'reactivate_stake_events',
  'rotate_consensus_key_events',
  'update_network_and_fullnode_addresses_events',
  'increase_lockup_events',
  'join_validator_set_events',
  'distribute_rewards_events',
  'unlock_stake_events',
  'withdraw_stake_events',
  'leave_validator_set_events',
] as const;

export const MORE: LoadedStruct[] = [];
// std::cmp::Ordering and aptos_std::ordered_map (natives in `stdlib/orderedMap.ts`).
MORE.push(
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
// ordered_map's iterator (natives in `stdlib/orderedMap.ts`).
MORE.push({
  name: name('ordered_map', 'IteratorPtr'),
  abilities: copy | drop,
  typeParams: [],
  fields: null,
  variants: [
    { name: 'End', fields: [] },
    { name: 'Position', fields: [{ name: 'index', ty: T.u64 }] },
  ],
});
// aggregator_v2 (natives in `stdlib/aggregatorV2.ts`).
MORE.push(
  def(
    'aggregator_v2',
    'Aggregator',
    drop | store,
    [
      ['value', P0],
      ['max_value', P0],
    ],
    1,
  ),
  def('aggregator_v2', 'AggregatorSnapshot', drop | store, [['value', P0]], 1),
  def('aggregator_v2', 'DerivedStringSnapshot', drop | store, [
    ['value', STRING],
    ['padding', T.vector(T.u8)],
  ]),
);
// randomness's event (natives in `stdlib/randomness.ts`).
MORE.push(def('randomness', 'RandomnessGeneratedEvent', drop | store, [['dummy_field', T.bool]]));
// big_ordered_map and the storage_slots_allocator under it (natives in `stdlib/bigOrderedMap*.ts`).
const NODE = s('big_ordered_map', 'Node', [P0, P1]);
MORE.push(
  enumOf('big_ordered_map', 'BigOrderedMap', store, 2, [
    [
      'BPlusTreeMap',
      [
        ['root', NODE],
        ['nodes', s('storage_slots_allocator', 'StorageSlotsAllocator', [NODE])],
        ['min_leaf_index', T.u64],
        ['max_leaf_index', T.u64],
        ['constant_kv_size', T.bool],
        ['inner_max_degree', T.u16],
        ['leaf_max_degree', T.u16],
      ],
    ],
  ]),
  enumOf('big_ordered_map', 'Node', store, 2, [
    [
      'V1',
      [
        ['is_leaf', T.bool],
        ['children', s('ordered_map', 'OrderedMap', [P0, s('big_ordered_map', 'Child', [P1])])],
        ['prev', T.u64],
        ['next', T.u64],
      ],
    ],
  ]),
  enumOf('big_ordered_map', 'Child', store, 1, [
    ['Inner', [['node_index', s('storage_slots_allocator', 'StoredSlot')]]],
    ['Leaf', [['value', P0]]],
  ]),
  enumOf('big_ordered_map', 'IteratorPtr', copy | drop, 1, [
    ['End', []],
    [
      'Some',
      [
        ['node_index', T.u64],
        ['child_iter', s('ordered_map', 'IteratorPtr')],
        ['key', P0],
      ],
    ],
  ]),
  def(
    'big_ordered_map',
    'IteratorPtrWithPath',
    copy | drop,
    [
      ['iterator', s('big_ordered_map', 'IteratorPtr', [P0])],
      ['path', T.vector(T.u64)],
    ],
    1,
  ),
  enumOf('big_ordered_map', 'LeafNodeIteratorPtr', copy | drop, 0, [
    ['NodeIndex', [['node_index', T.u64]]],
  ]),
  enumOf('storage_slots_allocator', 'StorageSlotsAllocator', store, 1, [
    [
      'V1',
      [
        [
          'slots',
          s('option', 'Option', [
            s('table_with_length', 'TableWithLength', [
              T.u64,
              s('storage_slots_allocator', 'Link', [P0]),
            ]),
          ]),
        ],
        ['new_slot_index', T.u64],
        ['should_reuse', T.bool],
        ['reuse_head_index', T.u64],
        ['reuse_spare_count', T.u32],
      ],
    ],
  ]),
  enumOf('storage_slots_allocator', 'Link', store, 1, [
    ['Occupied', [['value', P0]]],
    ['Vacant', [['next', T.u64]]],
  ]),
  def('storage_slots_allocator', 'StoredSlot', store, [['slot_index', T.u64]]),
  def('storage_slots_allocator', 'ReservedSlot', 0, [['slot_index', T.u64]]),
);
// account's per-account encrypted decryption key (an enum: `V1 { ciphertext }`).
MORE.push({
  name: name('account', 'EncryptedDK'),
  abilities: copy | drop | store | key,
  typeParams: [],
  fields: null,
  variants: [{ name: 'V1', fields: [{ name: 'ciphertext', ty: T.vector(T.u8) }] }],
});
// The offers inside `0x1::account::Account` (their sizes count in its storage fee).
MORE.push(
  def('account', 'CapabilityOffer', store, [['for', s('option', 'Option', [T.address])]], 1, true),
  def('account', 'RotationCapability', drop | store, [['account', T.address]]),
);
// The rest of genesis's state and events, so that each is measured in BCS (the storage fee and IO
// gas of a write count its BCS bytes, `localnet/executor/stateSize.ts`).
const handle = s('event', 'EventHandle', [T.address]);
const coin = s('coin', 'Coin', [s('aptos_coin', 'AptosCoin')]);
MORE.push(
  def('features', 'Features', key, [['features', T.vector(T.u8)]]),
  def('account', 'OriginatingAddress', key, [
    ['address_map', s('table', 'Table', [T.address, T.address])],
  ]),
  def('keyless_account', 'Configuration', copy | drop | store | key, [
    ['override_aud_vals', T.vector(STRING)],
    ['max_signatures_per_txn', T.u16],
    ['max_exp_horizon_secs', T.u64],
    ['training_wheels_pubkey', s('option', 'Option', [T.vector(T.u8)])],
    ['max_commited_epk_bytes', T.u16],
    ['max_iss_val_bytes', T.u16],
    ['max_extra_field_bytes', T.u16],
    ['max_jwt_header_b64_bytes', T.u32],
  ]),
  def('keyless_account', 'Groth16VerificationKey', drop | store | key, [
    ['alpha_g1', T.vector(T.u8)],
    ['beta_g2', T.vector(T.u8)],
    ['gamma_g2', T.vector(T.u8)],
    ['delta_g2', T.vector(T.u8)],
    ['gamma_abc_g1', T.vector(T.vector(T.u8))],
  ]),
  def('jwks', 'PatchedJWKs', drop | key, [['jwks', s('jwks', 'AllProvidersJWKs')]]),
  def('jwks', 'AllProvidersJWKs', copy | drop | store, [
    ['entries', T.vector(s('jwks', 'ProviderJWKs'))],
  ]),
  def('jwks', 'ProviderJWKs', copy | drop | store, [
    ['issuer', T.vector(T.u8)],
    ['version', T.u64],
    ['jwks', T.vector(s('jwks', 'JWK'))],
  ]),
  def('jwks', 'JWK', copy | drop | store, [['variant', s('copyable_any', 'Any')]]),
  def('optional_aggregator', 'OptionalAggregator', store, [
    ['aggregator', s('option', 'Option', [s('aggregator', 'Aggregator')])],
    ['integer', s('option', 'Option', [s('optional_aggregator', 'Integer')])],
  ]),
  def('optional_aggregator', 'Integer', store, [
    ['value', T.u128],
    ['limit', T.u128],
  ]),
  def('aggregator', 'Aggregator', store, [
    ['handle', T.address],
    ['key', T.address],
    ['limit', T.u128],
  ]),
  def('stake', 'StakePool', key, [
    ['active', coin],
    ['inactive', coin],
    ['pending_active', coin],
    ['pending_inactive', coin],
    ['locked_until_secs', T.u64],
    ['operator_address', T.address],
    ['delegated_voter', T.address],
    ...STAKE_POOL_EVENT_HANDLES.map((field): [string, Ty] => [field, handle]),
  ]),
  def('stake', 'AddStake', drop | store, [
    ['pool_address', T.address],
    ['amount_added', T.u64],
  ]),
);
// MoveStdlib's result, bit_vector and acl (natives in `stdlib/moveStd.ts`).
MORE.push(
  enumOf('result', 'Result', copy | store, 2, [
    ['Ok', [['0', P0]]],
    ['Err', [['0', P1]]],
  ]),
  def('bit_vector', 'BitVector', copy | drop | store, [
    ['length', T.u64],
    ['bit_field', T.vector(T.bool)],
  ]),
  def('acl', 'ACL', copy | drop | store, [['list', T.vector(T.address)]]),
);
// aptos_framework's rate_limiter (a native module in `modules/system/smallModules.ts`).
MORE.push(
  enumOf('rate_limiter', 'RateLimiter', copy | drop | store | key, 0, [
    [
      'TokenBucket',
      [
        ['capacity', T.u64],
        ['current_amount', T.u64],
        ['refill_interval', T.u64],
        ['last_refill_timestamp', T.u64],
        ['fractional_accumulated', T.u64],
      ],
    ],
  ]),
);
// aptos_std's bcs_stream and secp256r1 (natives in `stdlib/bcsStream.ts`, `stdlib/stdSmall.ts`).
MORE.push(
  def('bcs_stream', 'BCSStream', drop, [
    ['data', T.vector(T.u8)],
    ['cur', T.u64],
  ]),
  def('secp256r1', 'ECDSARawPublicKey', copy | drop | store, [['bytes', T.vector(T.u8)]]),
);
// aptos_std's pool_u64 and pool_u64_unbound (natives in `stdlib/pool.ts`).
MORE.push(
  def('pool_u64', 'Pool', store, [
    ['shareholders_limit', T.u64],
    ['total_coins', T.u64],
    ['total_shares', T.u64],
    ['shares', s('simple_map', 'SimpleMap', [T.address, T.u64])],
    ['shareholders', T.vector(T.address)],
    ['scaling_factor', T.u64],
  ]),
  def('pool_u64_unbound', 'Pool', store, [
    ['total_coins', T.u64],
    ['total_shares', T.u128],
    ['shares', s('table_with_length', 'TableWithLength', [T.address, T.u128])],
    ['scaling_factor', T.u64],
  ]),
);
// aptos_std's keyless, federated_keyless, single_key and multi_key (natives in `stdlib/keys.ts`).
MORE.push(
  def('keyless', 'PublicKey', copy | drop | store, [
    ['iss', STRING],
    ['idc', T.vector(T.u8)],
  ]),
  def('federated_keyless', 'PublicKey', copy | drop | store, [
    ['jwk_address', T.address],
    ['keyless_public_key', s('keyless', 'PublicKey')],
  ]),
  enumOf('single_key', 'AnyPublicKey', copy | drop | store, 0, [
    ['Ed25519', [['pk', s('ed25519', 'UnvalidatedPublicKey')]]],
    ['Secp256k1Ecdsa', [['pk', s('secp256k1', 'ECDSARawPublicKey')]]],
    ['Secp256r1Ecdsa', [['pk', s('secp256r1', 'ECDSARawPublicKey')]]],
    ['Keyless', [['pk', s('keyless', 'PublicKey')]]],
    ['FederatedKeyless', [['pk', s('federated_keyless', 'PublicKey')]]],
  ]),
  def('multi_key', 'MultiKey', copy | drop | store, [
    ['public_keys', T.vector(s('single_key', 'AnyPublicKey'))],
    ['signatures_required', T.u8],
  ]),
);
// aptos_std's ristretto255, ristretto255_pedersen and ristretto255_elgamal (natives in
// `stdlib/ristretto.ts`, `stdlib/ristrettoModules.ts`).
MORE.push(
  def('ristretto255', 'Scalar', copy | drop | store, [['data', T.vector(T.u8)]]),
  def('ristretto255', 'CompressedRistretto', copy | drop | store, [['data', T.vector(T.u8)]]),
  def('ristretto255', 'RistrettoPoint', drop, [['handle', T.u64]]),
  def('ristretto255_pedersen', 'Commitment', drop, [
    ['point', s('ristretto255', 'RistrettoPoint')],
  ]),
  def('ristretto255_elgamal', 'Ciphertext', drop, [
    ['left', s('ristretto255', 'RistrettoPoint')],
    ['right', s('ristretto255', 'RistrettoPoint')],
  ]),
  def('ristretto255_elgamal', 'CompressedCiphertext', copy | drop | store, [
    ['left', s('ristretto255', 'CompressedRistretto')],
    ['right', s('ristretto255', 'CompressedRistretto')],
  ]),
  def('ristretto255_elgamal', 'CompressedPubkey', copy | drop | store, [
    ['point', s('ristretto255', 'CompressedRistretto')],
  ]),
  def('ristretto255_bulletproofs', 'RangeProof', copy | drop | store, [['bytes', T.vector(T.u8)]]),
);
// aptos_framework's permissioned_delegation key (`modules/permissionedDelegation.ts`).
MORE.push(
  enumOf('permissioned_delegation', 'DelegationKey', copy | drop | store, 0, [
    ['Ed25519PublicKey', [['0', s('ed25519', 'UnvalidatedPublicKey')]]],
  ]),
  // permissioned_signer's handle (`modules/system/smallModules.ts`; the feature is removed).
  enumOf('permissioned_signer', 'PermissionedHandle', 0, 0, [
    [
      'V1',
      [
        ['master_account_addr', T.address],
        ['permissions_storage_addr', T.address],
      ],
    ],
  ]),
);
// aptos_std's capability (natives in `stdlib/capability.ts`).
MORE.push(
  def('capability', 'Cap', copy | drop, [['root', T.address]], 1, true),
  def('capability', 'LinearCap', drop, [['root', T.address]], 1, true),
  def('capability', 'CapState', key, [['delegates', T.vector(T.address)]], 1, true),
  def('capability', 'CapDelegateState', key, [['root', T.address]], 1, true),
);
// std::reflect's error enum (natives in `stdlib/moveStd.ts`).
MORE.push(
  enumOf(
    'reflect',
    'ReflectionError',
    copy | drop | store,
    0,
    [
      'InvalidIdentifier',
      'FunctionNotFound',
      'FunctionNotAccessible',
      'FunctionIncompatibleType',
      'FunctionNotInstantiated',
    ].map((variant): [string, Array<[string, Ty]>] => [variant, []]),
  ),
);
// aptos_std's crypto_algebra (natives in `stdlib/cryptoAlgebra.ts`).
MORE.push(def('crypto_algebra', 'Element', copy | drop, [['handle', T.u64]], 1, true));
// aptos_framework's storage_slot_or_inline (`modules/system/storageSlots.ts`).
MORE.push(
  enumOf('storage_slot_or_inline', 'StorageSlotOrInline', store, 1, [
    ['Inline', [['value', P0]]],
    ['StorageSlot', [['slot', s('storage_slot', 'StorageSlot', [P0])]]],
    ['Transient', []],
  ]),
);
