/**
 * The modules of the framework packages a node's genesis publishes (devnet's release:
 * MoveStdlib, AptosStdlib and AptosFramework at `0x1`, AptosToken at `0x3`, AptosTokenObjects at
 * `0x4`, AptosTrading at `0x5`, AptosExperimental at `0x7`), by address. The framework runs
 * natively here, so its modules have no bytecode in state: a dependency on one of them resolves
 * when publishing or running a script, a dependency on any other framework-address module does
 * not (`LINKER_ERROR`, as on a node).
 */
const names = (text: string): ReadonlySet<string> => new Set(text.split(' '));

const FRAMEWORK_MODULES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  [
    '0x1',
    names(
      'account account_abstraction acl aggregator aggregator_factory aggregator_v2 any ' +
        'aptos_account aptos_coin aptos_governance aptos_hash auth_data base16 bcs bcs_stream ' +
        'big_ordered_map big_vector bit_vector block bls12381 bls12381_algebra bn254_algebra ' +
        'capability chain_id chain_status chunky_dkg chunky_dkg_config chunky_dkg_config_seqnum ' +
        'cmp code coin common_account_abstractions_utils comparator confidential_amount ' +
        'confidential_asset confidential_balance confidential_range_proofs config_buffer ' +
        'consensus_config copyable_any create_signer crypto_algebra debug decryption ' +
        'delegation_pool dispatchable_fungible_asset dkg ed25519 epoch_timeout_config error ' +
        'ethereum_derivable_account event execution_config features federated_keyless ' +
        'fixed_point32 fixed_point64 from_bcs function_info fungible_asset gas_schedule genesis ' +
        'governance_proposal guid hash jwk_consensus_config jwks keyless keyless_account ' +
        'managed_coin math128 math64 math_fixed math_fixed64 mem multi_ed25519 multi_key ' +
        'multisig_account nonce_validation object object_code_deployment option ' +
        'optional_aggregator ordered_map permissioned_delegation permissioned_signer pool_u64 ' +
        'pool_u64_unbound primary_fungible_store randomness randomness_api_v0_config ' +
        'randomness_config randomness_config_seqnum rate_limiter reconfiguration ' +
        'reconfiguration_state reconfiguration_with_dkg reflect resource_account result ' +
        'ristretto255 ristretto255_bulletproofs ristretto255_elgamal ristretto255_pedersen ' +
        'secp256k1 secp256r1 sigma_protocol sigma_protocol_fiat_shamir ' +
        'sigma_protocol_homomorphism sigma_protocol_key_rotation sigma_protocol_proof ' +
        'sigma_protocol_registration sigma_protocol_representation ' +
        'sigma_protocol_representation_vec sigma_protocol_statement ' +
        'sigma_protocol_statement_builder sigma_protocol_transfer sigma_protocol_utils ' +
        'sigma_protocol_withdraw sigma_protocol_witness signer simple_map single_key smart_table ' +
        'smart_vector solana_derivable_account stake staking_config staking_contract ' +
        'staking_proxy state_storage storage_gas storage_slot storage_slot_or_inline ' +
        'storage_slots_allocator string string_utils sui_derivable_account system_addresses table ' +
        'table_with_length timestamp transaction_context transaction_fee transaction_limits ' +
        'transaction_validation type_info util validator_consensus_info vector version vesting ' +
        'voting',
    ),
  ],
  ['0x3', names('property_map token token_coin_swap token_event_store token_transfers')],
  ['0x4', names('aptos_token collection property_map royalty token')],
  [
    '0x7',
    names(
      'benchmark_utils bulk_order_book bulk_order_utils dead_mans_switch_operations ' +
        'dead_mans_switch_tracker large_packages market_bulk_order ' +
        'market_clearinghouse_order_info market_types native_position native_position_types ' +
        'order_book order_book_utils order_id_generation order_operations order_placement ' +
        'pending_order_book_index pre_cancellation_tracker price_time_index single_order_book ' +
        'test_derivable_account_abstraction_ed25519_hex test_function_values ' +
        'trading_native_capability',
    ),
  ],
  ['0x5', names('bulk_order_types order_book_types order_match_types single_order_types')],
]);

/** Whether `name` is a framework module at `address` (short form, `0x1`). */
export function isFrameworkModule(address: string, name: string): boolean {
  return FRAMEWORK_MODULES.get(address)?.has(name) ?? false;
}
