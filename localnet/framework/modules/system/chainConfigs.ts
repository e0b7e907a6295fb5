/**
 * `0x1`'s on-chain configurations that governance sets (`config_buffer`, `consensus_config`,
 * `execution_config`, `gas_schedule`, `storage_gas`, `version`, `epoch_timeout_config`,
 * `reconfiguration`, `reconfiguration_state`, `block`, `decryption`, `transaction_limits`,
 * `nonce_validation`, `transaction_validation`), from their sources. Their setters begin with the
 * framework's (or VM's) signer check (`gate.ts`); their getters read the state this chain holds,
 * whose genesis writes none of these resources, so a `borrow_global` of one is `MISSING_DATA`
 * as on a node without it, and an `exists` check takes its other branch.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import { vmError } from '../../../move/vm/errors.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import {
  borrowResource,
  none,
  resourceExists,
  signerAddress,
  some,
  textOf,
  writeResource,
} from '../../vmState.ts';
import { CATEGORY, fail } from './errors.ts';
import { frameworkResource, frameworkSignerOnly, gated, systemModule } from './gate.ts';

const u64 = (v: Value | undefined): bigint => must(v) as bigint;

const PENDING = '0x1::config_buffer::PendingConfigs';
const configBuffer = systemModule(
  'config_buffer',
  [
    struct(
      'PendingConfigs',
      ['key'],
      [['configs', '0x1::simple_map::SimpleMap<0x1::string::String, 0x1::any::Any>']],
    ),
  ],
  [
    gated('config_buffer', 'initialize', ['&signer']),
    fn('does_exist', { params: [], returns: ['bool'], typeParams: [['store']] }, (host, [t]) => {
      const pending = frameworkResource(host, PENDING);
      if (pending === undefined) return [false];
      const name = host.call(FRAMEWORK_ADDRESS, 'type_info', 'type_name', [must(t)], [])[0];
      const entries = ((pending as Value[])[0] as Value[])[0] as Value[][];
      return [entries.some(([key]) => textOf(must(key)) === textOf(must(name)))];
    }),
    fn('extract', { params: [], returns: ['T0'], typeParams: [['store']] }, () =>
      fail('config_buffer', 'EDEPRECATED', CATEGORY.unavailable),
    ),
  ],
);

const consensusConfig = systemModule(
  'consensus_config',
  [struct('ConsensusConfig', ['drop', 'key', 'store'], [['config', 'vector<u8>']])],
  [
    gated('consensus_config', 'set', ['&signer', 'vector<u8>']),
    gated('consensus_config', 'set_for_next_epoch', ['&signer', 'vector<u8>']),
    fn('validator_txn_enabled', { params: [], returns: ['bool'] }, (host) => {
      borrowResource(host, FRAMEWORK_ADDRESS, '0x1::consensus_config::ConsensusConfig');
      // Only the framework's signer writes it (see gate.ts), so it is never there to parse.
      return frameworkSignerOnly('0x1::consensus_config::validator_txn_enabled');
    }),
  ],
);

const executionConfig = systemModule(
  'execution_config',
  [struct('ExecutionConfig', ['drop', 'key', 'store'], [['config', 'vector<u8>']])],
  [
    gated('execution_config', 'set', ['&signer', 'vector<u8>']),
    gated('execution_config', 'set_for_next_epoch', ['&signer', 'vector<u8>']),
  ],
);

const STORAGE_GAS_CONFIG = '0x1::storage_gas::StorageGasConfig';
const gasSchedule = systemModule(
  'gas_schedule',
  [],
  [
    gated('gas_schedule', 'set_gas_schedule', ['&signer', 'vector<u8>']),
    gated('gas_schedule', 'set_for_next_epoch', ['&signer', 'vector<u8>']),
    gated('gas_schedule', 'set_for_next_epoch_check_hash', ['&signer', 'vector<u8>', 'vector<u8>']),
    // Both go through storage_gas::set_config, which checks the framework's signer first.
    gated('gas_schedule', 'set_storage_gas_config', ['&signer', STORAGE_GAS_CONFIG]),
    gated('gas_schedule', 'set_storage_gas_config_for_next_epoch', ['&signer', STORAGE_GAS_CONFIG]),
  ],
);

const BPS = 10_000n;
const MAX_U64 = (1n << 64n) - 1n;
const storageGasFail = (name: string): never => fail('storage_gas', name, CATEGORY.invalidArgument);
const point = (x: bigint, y: bigint): Value[] => {
  if (x > BPS || y > BPS) storageGasFail('EINVALID_POINT_RANGE');
  return [x, y];
};
function gasCurve(min: bigint, max: bigint, points: Value[][]): Value[] {
  if (max < min) storageGasFail('EINVALID_GAS_RANGE');
  if (max > MAX_U64 / BPS) storageGasFail('EINVALID_GAS_RANGE');
  for (let i = 0; i <= points.length; i += 1) {
    const [cx, cy] = (i === 0 ? [0n, 0n] : points[i - 1]) as bigint[];
    const [nx, ny] = (i === points.length ? [BPS, BPS] : points[i]) as bigint[];
    if (!(must(cx) < must(nx) && must(cy) <= must(ny))) {
      storageGasFail('EINVALID_MONOTONICALLY_NON_DECREASING_CURVE');
    }
  }
  return [min, max, points];
}
const BASE_8192: Array<[bigint, bigint]> = [
  [1000n, 2n],
  [2000n, 6n],
  [3000n, 17n],
  [4000n, 44n],
  [5000n, 109n],
  [6000n, 271n],
  [7000n, 669n],
  [8000n, 1648n],
  [9000n, 4061n],
  [9500n, 6372n],
  [9900n, 9138n],
];
const CURVE = '0x1::storage_gas::GasCurve';
const USAGE = '0x1::storage_gas::UsageGasConfig';
const storageGas = systemModule(
  'storage_gas',
  [
    struct(
      'Point',
      ['copy', 'drop', 'store'],
      [
        ['x', 'u64'],
        ['y', 'u64'],
      ],
    ),
    struct(
      'GasCurve',
      ['copy', 'drop', 'store'],
      [
        ['min_gas', 'u64'],
        ['max_gas', 'u64'],
        ['points', 'vector<0x1::storage_gas::Point>'],
      ],
    ),
    struct(
      'UsageGasConfig',
      ['copy', 'drop', 'store'],
      [
        ['target_usage', 'u64'],
        ['read_curve', CURVE],
        ['create_curve', CURVE],
        ['write_curve', CURVE],
      ],
    ),
    struct(
      'StorageGasConfig',
      ['copy', 'drop', 'key'],
      [
        ['item_config', USAGE],
        ['byte_config', USAGE],
      ],
    ),
  ],
  [
    gated('storage_gas', 'initialize', ['&signer']),
    fn(
      'base_8192_exponential_curve',
      { params: ['u64', 'u64'], returns: [CURVE] },
      (_h, _t, [min, max]) => [
        gasCurve(
          u64(min),
          u64(max),
          BASE_8192.map(([x, y]) => point(x, y)),
        ),
      ],
    ),
    fn(
      'new_point',
      { params: ['u64', 'u64'], returns: ['0x1::storage_gas::Point'] },
      (_h, _t, a) => [point(u64(a[0]), u64(a[1]))],
    ),
    fn(
      'new_gas_curve',
      { params: ['u64', 'u64', 'vector<0x1::storage_gas::Point>'], returns: [CURVE] },
      (_h, _t, [min, max, points]) => [gasCurve(u64(min), u64(max), must(points) as Value[][])],
    ),
    fn(
      'new_usage_gas_config',
      { params: ['u64', CURVE, CURVE, CURVE], returns: [USAGE] },
      (_h, _t, [target, read, create, write]) => {
        if (u64(target) === 0n) storageGasFail('EZERO_TARGET_USAGE');
        if (u64(target) > MAX_U64 / BPS) storageGasFail('ETARGET_USAGE_TOO_BIG');
        return [[must(target), must(read), must(create), must(write)]];
      },
    ),
    fn(
      'new_storage_gas_config',
      { params: [USAGE, USAGE], returns: [STORAGE_GAS_CONFIG] },
      (_h, _t, [item, byte]) => [[must(item), must(byte)]],
    ),
  ],
);

const version = systemModule(
  'version',
  [
    struct('Version', ['drop', 'key', 'store'], [['major', 'u64']]),
    struct('SetVersionCapability', ['key'], [['dummy_field', 'bool']]),
  ],
  ['set_version', 'set_for_next_epoch'].map((name) =>
    fn(name, { params: ['&signer', 'u64'], isEntry: true }, (host, _t, [account]) => {
      const at = signerAddress(must(account));
      if (!resourceExists(host, at, '0x1::version::SetVersionCapability')) {
        fail('version', 'ENOT_AUTHORIZED', CATEGORY.permissionDenied);
      }
      // Genesis gives the capability to no account of this chain.
      return frameworkSignerOnly(`0x1::version::${name}`);
    }),
  ),
);

const EPOCH_TIMEOUT = '0x1::epoch_timeout_config::EpochTimeoutConfig';
const epochTimeoutConfig = systemModule(
  'epoch_timeout_config',
  [
    struct(
      'EpochTimeoutConfig',
      ['copy', 'drop', 'key', 'store'],
      [['force_end_grace_period_secs', '0x1::option::Option<u64>']],
    ),
  ],
  [
    gated('epoch_timeout_config', 'initialize', ['&signer']),
    gated('epoch_timeout_config', 'set_for_next_epoch', ['&signer', EPOCH_TIMEOUT]),
    fn(
      'force_end_grace_period_secs',
      { params: [], returns: ['0x1::option::Option<u64>'] },
      (host) => {
        const config = frameworkResource(host, EPOCH_TIMEOUT);
        return [config === undefined ? none() : must((config as Value[])[0])];
      },
    ),
    fn('new_disabled', { params: [], returns: [EPOCH_TIMEOUT] }, () => [[none()]]),
    fn('new_with_grace_period', { params: ['u64'], returns: [EPOCH_TIMEOUT] }, (_h, _t, [s]) => {
      if (u64(s) === 0n) {
        fail('epoch_timeout_config', 'E_GRACE_PERIOD_MUST_BE_POSITIVE', CATEGORY.invalidArgument);
      }
      return [[some(must(s))]];
    }),
  ],
);

const CONFIGURATION = '0x1::reconfiguration::Configuration';
const reconfiguration = systemModule(
  'reconfiguration',
  [
    struct(
      'Configuration',
      ['key'],
      [
        ['epoch', 'u64'],
        ['last_reconfiguration_time', 'u64'],
        ['events', '0x1::event::EventHandle<0x1::reconfiguration::NewEpochEvent>'],
      ],
    ),
    struct('NewEpochEvent', ['drop', 'store'], [['epoch', 'u64']]),
  ],
  [
    fn('last_reconfiguration_time', { params: [], returns: ['u64'] }, (host) => [
      must((borrowResource(host, FRAMEWORK_ADDRESS, CONFIGURATION) as Value[])[1]),
    ]),
    fn('current_epoch', { params: [], returns: ['u64'] }, (host) => [
      must((borrowResource(host, FRAMEWORK_ADDRESS, CONFIGURATION) as Value[])[0]),
    ]),
  ],
);

const reconfigurationState = systemModule(
  'reconfiguration_state',
  [struct('State', ['key'], [['variant', '0x1::copyable_any::Any']])],
  [
    fn('is_initialized', { params: [], returns: ['bool'] }, (host) => [
      resourceExists(host, FRAMEWORK_ADDRESS, '0x1::reconfiguration_state::State'),
    ]),
    gated('reconfiguration_state', 'initialize', ['&signer']),
    gated('reconfiguration_state', 'initialize_for_testing', ['&signer']),
  ],
);

const BLOCK_RESOURCE = '0x1::block::BlockResource';
const NEW_BLOCK_EVENT = '0x1::block::NewBlockEvent';
const COMMIT_HISTORY = '0x1::block::CommitHistory';
const block = systemModule(
  'block',
  [
    struct(
      'BlockResource',
      ['key'],
      [
        ['height', 'u64'],
        ['epoch_interval', 'u64'],
        ['new_block_events', `0x1::event::EventHandle<${NEW_BLOCK_EVENT}>`],
        [
          'update_epoch_interval_events',
          '0x1::event::EventHandle<0x1::block::UpdateEpochIntervalEvent>',
        ],
      ],
    ),
    struct(
      'CommitHistory',
      ['key'],
      [
        ['max_capacity', 'u32'],
        ['next_idx', 'u32'],
        ['table', `0x1::table_with_length::TableWithLength<u32, ${NEW_BLOCK_EVENT}>`],
      ],
    ),
    struct(
      'NewBlockEvent',
      ['copy', 'drop', 'store'],
      [
        ['hash', 'address'],
        ['epoch', 'u64'],
        ['round', 'u64'],
        ['height', 'u64'],
        ['previous_block_votes_bitvec', 'vector<u8>'],
        ['proposer', 'address'],
        ['failed_proposer_indices', 'vector<u64>'],
        ['time_microseconds', 'u64'],
      ],
    ),
    struct(
      'UpdateEpochIntervalEvent',
      ['drop', 'store'],
      [
        ['old_epoch_interval', 'u64'],
        ['new_epoch_interval', 'u64'],
      ],
    ),
  ],
  [
    gated('block', 'emit_writeset_block_event', ['&signer', 'address'], { signer: 'vm' }),
    fn('get_current_block_height', { params: [], returns: ['u64'] }, (host) => [
      must((borrowResource(host, FRAMEWORK_ADDRESS, BLOCK_RESOURCE) as Value[])[0]),
    ]),
    fn('get_epoch_interval_secs', { params: [], returns: ['u64'] }, (host) => [
      u64((borrowResource(host, FRAMEWORK_ADDRESS, BLOCK_RESOURCE) as Value[])[1]) / 1_000_000n,
    ]),
    // No signer check in the source: any account can publish a CommitHistory at its address.
    fn(
      'initialize_commit_history',
      { params: ['&signer', 'u32'] },
      (host, _t, [account, capacity]) => {
        if (must(capacity) === 0) fail('block', 'EZERO_MAX_CAPACITY', CATEGORY.invalidArgument);
        const at: LongAddress = signerAddress(must(account));
        if (resourceExists(host, at, COMMIT_HISTORY)) throw vmError('RESOURCE_ALREADY_EXISTS');
        const table = [[host.session.newTableHandle()], 0n];
        writeResource(host, at, COMMIT_HISTORY, [must(capacity), 0, table]);
        return [];
      },
    ),
    gated('block', 'update_epoch_interval_microsecs', ['&signer', 'u64']),
  ],
);

const decryption = systemModule('decryption', [], [gated('decryption', 'initialize', ['&signer'])]);

const transactionLimits = systemModule(
  'transaction_limits',
  [],
  [
    gated('transaction_limits', 'update_config', [
      '&signer',
      'vector<u64>',
      'vector<u64>',
      'vector<u64>',
      'vector<u64>',
    ]),
  ],
);

const nonceValidation = systemModule(
  'nonce_validation',
  [],
  [
    gated('nonce_validation', 'initialize_nonce_table', ['&signer'], { isEntry: true }),
    // No signer: anyone may add buckets once the table exists; this chain keeps orderless
    // nonces without a NonceHistory, so the source's first check fails.
    fn('add_nonce_buckets', { params: ['u64'], isEntry: true }, (host) => {
      if (!resourceExists(host, FRAMEWORK_ADDRESS, '0x1::nonce_validation::NonceHistory')) {
        fail('nonce_validation', 'E_NONCE_HISTORY_DOES_NOT_EXIST', CATEGORY.invalidState);
      }
      return frameworkSignerOnly('0x1::nonce_validation::add_nonce_buckets');
    }),
  ],
);

const removed = () =>
  fail('transaction_validation', 'EPERMISSIONED_SIGNER_REMOVED', CATEGORY.unavailable);
const transactionValidation = systemModule(
  'transaction_validation',
  [],
  [
    fn('grant_gas_permission', { params: ['&signer', '&signer', 'u64'] }, removed),
    fn('revoke_gas_permission', { params: ['&signer'] }, removed),
  ],
);

/** The modules of this file, for `registry.ts`. */
export const CHAIN_CONFIG_MODULES = [
  configBuffer,
  consensusConfig,
  executionConfig,
  gasSchedule,
  storageGas,
  version,
  epochTimeoutConfig,
  reconfiguration,
  reconfigurationState,
  block,
  decryption,
  transactionLimits,
  nonceValidation,
  transactionValidation,
];
