/**
 * `std::features` natively: the flag getters (`get_*_feature`), the checks (`*_enabled`, one per
 * flag, some of two), the ones the framework fixed to `true` / `false` or to an abort once a flag
 * could no longer change (`EINVALID_FEATURE` 0x10001), `is_enabled`, and the framework-signer
 * functions, all from `features.move`. The flags are `0x1::features::Features { features }` in
 * state, a bit set (bit `f % 8` of byte `f / 8`); genesis writes devnet's (`GENESIS_FEATURES`).
 * Without the resource every flag is off, as on a node.
 *
 * Aborts (`0x1::features`): `change_feature_flags` is disabled (`EAPI_DISABLED`, 0x30002); the
 * others need the framework's signer (`EFRAMEWORK_SIGNER_NEEDED`, 0x50001).
 */
import type { LongAddress } from '../../../encoding.ts';
import type { ResourceValue } from '../../../storage/types.ts';
import { resourceKey } from '../../../storage/types.ts';
import { BytecodeAbort } from '../errors.ts';
import type { NativeHost, NativeImpl, NativeSession } from '../loader.ts';
import type { Value } from '../values.ts';
import { Ref } from '../values.ts';

const FRAMEWORK = `0x${'0'.repeat(63)}1` as LongAddress;
export const FEATURES_TYPE = '0x1::features::Features';
const PENDING_TYPE = '0x1::features::PendingFeatures';

/**
 * The flags of devnet's genesis of 2026-07-16 (its `0x1::features::Features` write): every flag
 * up to 116 but 0, 6, 45, 48, 61, 68, 75, 84, 104 and 115.
 */
export const GENESIS_FEATURES = '0xbeffffffffdffedfeff7effffffe17';

/**
 * `name kind args`: `id N` returns N, `flag N…` is `is_enabled` of each N (all must be on),
 * `const true|false` returns it, `abort CODE` aborts with it.
 */
const TABLE = `
code_dependency_check_enabled flag 1
treat_friend_as_private flag 2
get_sha_512_and_ripemd_160_feature id 3
sha_512_and_ripemd_160_enabled flag 3
get_aptos_stdlib_chain_id_feature id 4
aptos_stdlib_chain_id_enabled flag 4
get_vm_binary_format_v6 id 5
allow_vm_binary_format_v6 flag 5
get_collect_and_distribute_gas_fees_feature abort 0x10001
collect_and_distribute_gas_fees const false
multi_ed25519_pk_validate_v2_feature id 7
multi_ed25519_pk_validate_v2_enabled flag 7
get_blake2b_256_feature id 8
blake2b_256_enabled flag 8
get_resource_groups_feature id 9
resource_groups_enabled flag 9
get_multisig_accounts_feature id 10
multisig_accounts_enabled flag 10
get_delegation_pools_feature id 11
delegation_pools_enabled flag 11
get_cryptography_algebra_natives_feature id 12
cryptography_algebra_enabled flag 12
get_bls12_381_strutures_feature id 13
bls12_381_structures_enabled flag 13
get_periodical_reward_rate_decrease_feature id 16
periodical_reward_rate_decrease_enabled flag 16
get_partial_governance_voting id 17
partial_governance_voting_enabled flag 17
get_delegation_pool_partial_governance_voting id 21
delegation_pool_partial_governance_voting_enabled flag 21
fee_payer_enabled flag 22
get_auids id 65539
auids_enabled const true
get_bulletproofs_feature id 24
bulletproofs_enabled flag 24
get_signer_native_format_fix_feature id 25
signer_native_format_fix_enabled flag 25
get_module_event_feature id 26
module_event_enabled flag 26
get_aggregator_v2_api_feature abort 0x10003
aggregator_v2_api_enabled const true
get_aggregator_snapshots_feature abort 0x10001
aggregator_snapshots_enabled abort 0x10001
get_sponsored_automatic_account_creation id 34
sponsored_automatic_account_creation_enabled flag 34
get_concurrent_token_v2_feature id 65539
concurrent_token_v2_enabled const true
get_concurrent_assets_feature abort 0x10003
concurrent_assets_enabled abort 0x10003
get_operator_beneficiary_change_feature id 39
operator_beneficiary_change_enabled flag 39
get_commission_change_delegation_pool_feature id 42
commission_change_delegation_pool_enabled flag 42
get_bn254_strutures_feature id 43
bn254_structures_enabled flag 43
get_reconfigure_with_dkg_feature id 45
reconfigure_with_dkg_enabled flag 45
get_keyless_accounts_feature id 46
keyless_accounts_enabled flag 46
get_keyless_but_zkless_accounts_feature id 47
keyless_but_zkless_accounts_feature_enabled flag 47
get_jwk_consensus_feature id 49
jwk_consensus_enabled flag 49
get_concurrent_fungible_assets_feature id 50
concurrent_fungible_assets_enabled flag 50
is_object_code_deployment_enabled const true
get_max_object_nesting_check_feature id 53
max_object_nesting_check_enabled flag 53
get_keyless_accounts_with_passkeys_feature id 54
keyless_accounts_with_passkeys_feature_enabled flag 54
get_multisig_v2_enhancement_feature id 55
multisig_v2_enhancement_feature_enabled flag 55
get_delegation_pool_allowlisting_feature id 56
delegation_pool_allowlisting_enabled flag 56
get_module_event_migration_feature id 57
module_event_migration_enabled flag 57
get_transaction_context_extension_feature id 59
transaction_context_extension_enabled flag 59
get_coin_to_fungible_asset_migration_feature id 60
coin_to_fungible_asset_migration_feature_enabled flag 60
get_primary_apt_fungible_store_at_user_address_feature abort 0x10001
primary_apt_fungible_store_at_user_address_enabled const true
aggregator_v2_is_at_least_api_enabled const true
get_object_native_derived_address_feature abort 0x10001
object_native_derived_address_enabled const true
get_dispatchable_fungible_asset_feature abort 0x10001
dispatchable_fungible_asset_enabled const true
get_new_accounts_default_to_fa_apt_store_feature abort 0x10001
new_accounts_default_to_fa_apt_store_enabled const true
get_operations_default_to_fa_apt_store_feature abort 0x10001
operations_default_to_fa_apt_store_enabled const true
get_concurrent_fungible_balance_feature id 67
concurrent_fungible_balance_enabled flag 67
get_default_to_concurrent_fungible_balance_feature id 68
default_to_concurrent_fungible_balance_enabled flag 68
get_abort_if_multisig_payload_mismatch_feature id 70
abort_if_multisig_payload_mismatch_enabled flag 70
get_transaction_simulation_enhancement_feature id 78
transaction_simulation_enhancement_enabled flag 78
get_collection_owner_feature id 79
is_collection_owner_enabled flag 79
get_native_memory_operations_feature id 80
is_native_memory_operations_enabled const true
get_permissioned_signer_feature abort 0x10001
is_permissioned_signer_enabled const false
get_account_abstraction_feature id 85
is_account_abstraction_enabled flag 85
get_bulletproofs_batch_feature id 87
bulletproofs_batch_enabled flag 87
is_derivable_account_abstraction_enabled flag 88
is_domain_account_abstraction_enabled const false
get_new_accounts_default_to_fa_store_feature abort 0x10001
new_accounts_default_to_fa_store_enabled const true
get_default_account_resource_feature id 91
is_default_account_resource_enabled flag 91
get_jwk_consensus_per_key_mode_feature id 92
is_jwk_consensus_per_key_mode_enabled flag 92
get_orderless_transactions_feature id 94
orderless_transactions_enabled flag 94
get_calculate_transaction_fee_for_distribution_feature id 96
is_calculate_transaction_fee_for_distribution_enabled flag 96
get_distribute_transaction_fee_feature id 97
is_distribute_transaction_fee_enabled flag 97
get_monotonically_increasing_counter_feature abort 0x10001
is_monotonically_increasing_counter_enabled const true
get_function_reflection_feature id 105
is_function_reflection_enabled flag 105
get_slh_dsa_sha2_128s_signature_feature id 107
slh_dsa_sha2_128s_signature_enabled flag 107
get_encrypted_transactions_feature id 108
is_encrypted_transactions_enabled flag 108
get_multisig_script_feature id 110
is_multisig_script_enabled flag 110
get_transaction_limits_feature id 111
is_transaction_limits_enabled flag 111
is_storage_slot_natives_enabled flag 113
get_multisig_timelock_feature id 115
is_multisig_timelock_enabled flag 115
get_trading_native_feature id 118
is_trading_native_enabled flag 118
get_native_position_feature id 119
is_native_position_enabled flag 119
get_native_orderbook_feature id 120
is_native_orderbook_enabled flag 120
get_native_collateral_feature id 121
is_native_collateral_enabled flag 121
gas_refund_fa_mint_enabled flag 124
get_function_value_dispatch_feature id 125
is_function_value_dispatch_enabled flag 125 105
`;

const abort = (code: bigint): never => {
  throw new BytecodeAbort('0x1::features', code, null);
};
const deref = (v: Value): Value => (v instanceof Ref ? (v.c[v.i] as Value) : v);

/** The session's flag bytes (`null`: no `Features` resource), read once per session. */
const cache = new WeakMap<NativeSession, { bytes: number[] | null }>();
function stored(session: NativeSession, type: string): number[] | null {
  const value = session.ctx.get(resourceKey(FRAMEWORK, type));
  if (value === null || value.kind !== 'resource') return null;
  return Array.from(Buffer.from(String(value.data.features).slice(2), 'hex'));
}
function flags(session: NativeSession): number[] | null {
  let entry = cache.get(session);
  if (entry === undefined) cache.set(session, (entry = { bytes: stored(session, FEATURES_TYPE) }));
  return entry.bytes;
}

/** `contains`: bit `feature % 8` of byte `feature / 8`. */
export function hasFlag(bytes: readonly number[], feature: bigint): boolean {
  const index = feature / 8n;
  return (
    index < BigInt(bytes.length) &&
    ((bytes[Number(index)] as number) & (1 << Number(feature % 8n))) !== 0
  );
}
const isEnabled = (host: NativeHost, feature: bigint): boolean => {
  const bytes = flags(host.session);
  return bytes !== null && hasFlag(bytes, feature);
};

/** `set`: grows the vector to the flag's byte, then sets or clears its bit. */
function setFlag(bytes: number[], feature: bigint, include: boolean): void {
  const index = Number(feature / 8n);
  const mask = 1 << Number(feature % 8n);
  while (bytes.length <= index) bytes.push(0);
  bytes[index] = include
    ? (bytes[index] as number) | mask
    : (bytes[index] as number) & (0xff ^ mask);
}

const toHex = (bytes: readonly number[]): string => `0x${Buffer.from(bytes).toString('hex')}`;
const resource = (type: string, bytes: readonly number[]): ResourceValue => ({
  kind: 'resource',
  address: FRAMEWORK,
  type,
  data: { features: toHex(bytes) },
});
const ensureFramework = (signer: Value | undefined): void => {
  if (deref(signer as Value) !== FRAMEWORK) abort(0x50001n);
};

const getters: Array<[string, NativeImpl]> = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [name, kind, ...args] = line.split(' ') as [string, string, ...string[]];
    switch (kind) {
      case 'id': {
        const id = BigInt(args[0] as string);
        return [name, () => [id]];
      }
      case 'const': {
        const value = args[0] === 'true';
        return [name, () => [value]];
      }
      case 'abort': {
        const code = BigInt(args[0] as string);
        return [name, () => abort(code)];
      }
      default: {
        const needed = args.map(BigInt);
        return [name, (host) => [needed.every((f) => isEnabled(host, f))]];
      }
    }
  });

/** `[function, implementation]` of `std::features`. */
export const FEATURES: ReadonlyArray<[string, NativeImpl]> = [
  ...getters,
  ['is_enabled', (host, _t, [feature]) => [isEnabled(host, feature as bigint)]],
  ['change_feature_flags', () => abort(0x30002n)],
  [
    'change_feature_flags_for_next_epoch',
    (host, _t, [signer, enable, disable]) => {
      ensureFramework(signer);
      const ctx = host.session.ctx;
      // The baseline: the pending flags (moved out), else the current ones, else none.
      const bytes = stored(host.session, PENDING_TYPE) ?? [...(flags(host.session) ?? [])];
      for (const f of enable as bigint[]) setFlag(bytes, f, true);
      for (const f of disable as bigint[]) setFlag(bytes, f, false);
      ctx.write(resourceKey(FRAMEWORK, PENDING_TYPE), resource(PENDING_TYPE, bytes));
      return [];
    },
  ],
  [
    'on_new_epoch',
    (host, _t, [signer]) => {
      ensureFramework(signer);
      const pending = stored(host.session, PENDING_TYPE);
      if (pending !== null) {
        const ctx = host.session.ctx;
        ctx.write(resourceKey(FRAMEWORK, PENDING_TYPE), null);
        ctx.write(resourceKey(FRAMEWORK, FEATURES_TYPE), resource(FEATURES_TYPE, pending));
        cache.set(host.session, { bytes: pending });
      }
      return [];
    },
  ],
];
