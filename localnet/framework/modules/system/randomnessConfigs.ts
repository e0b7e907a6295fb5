/**
 * The configurations of randomness, DKG and JWK consensus (`randomness_config`,
 * `randomness_config_seqnum`, `randomness_api_v0_config`, `chunky_dkg_config`,
 * `chunky_dkg_config_seqnum`, `jwk_consensus_config`, `dkg`, `chunky_dkg`), from their sources:
 * the constructors (variants packed in a `copyable_any::Any`), the getters over `0x1`'s state
 * (none of these resources is in this chain's genesis, so they answer the source's default:
 * `ConfigOff`, `none`, `false`), and the setters behind the framework's signer (`gate.ts`).
 */
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import type { StructAbi } from '../../context.ts';
import { deref, none, optionValue, some, textOf } from '../../vmState.ts';
import { CATEGORY, fail } from './errors.ts';
import {
  anyTypeName,
  emptyStruct,
  frameworkResource,
  gated,
  packAny,
  systemModule,
  unpackAny,
} from './gate.ts';

const FP = '0x1::fixed_point64::FixedPoint64';
const ANY = '0x1::copyable_any::Any';
const VCI = '0x1::validator_consensus_info::ValidatorConsensusInfo';
const STORED = ['copy', 'drop', 'store'];

/** A config whose variant is an `Any`: `new_off`, `current`, `enabled` as the sources write them. */
function variantConfig(module: string, config: string) {
  const type = `0x1::${module}::${config}`;
  const off = (host: NativeHost): Value => [packAny(host, `0x1::${module}::ConfigOff`, [false])];
  return {
    type,
    off,
    newOff: fn('new_off', { params: [], returns: [type] }, (host) => [off(host)]),
    current: fn('current', { params: [], returns: [type] }, (host) => [
      frameworkResource(host, type) ?? off(host),
    ]),
    enabled: fn('enabled', { params: [], returns: ['bool'] }, (host) => {
      const stored = frameworkResource(host, type);
      return [
        stored !== undefined &&
          anyTypeName(must((stored as Value[])[0])) !== `0x1::${module}::ConfigOff`,
      ];
    }),
    pack: (host: NativeHost, variant: string, value: Value): Value[] => [
      [packAny(host, `0x1::${module}::${variant}`, value)],
    ],
  };
}

const seqNum = (module: string, name: string) =>
  systemModule(
    module,
    [struct(name, ['drop', 'key', 'store'], [['seq_num', 'u64']])],
    [
      gated(module, 'initialize', ['&signer']),
      gated(module, 'set_for_next_epoch', ['&signer', 'u64']),
    ],
  );

const rc = variantConfig('randomness_config', 'RandomnessConfig');
const randomnessConfig = systemModule(
  'randomness_config',
  [
    struct('RandomnessConfig', ['copy', 'drop', 'key', 'store'], [['variant', ANY]]),
    emptyStruct('ConfigOff', STORED),
    struct('ConfigV1', STORED, [
      ['secrecy_threshold', FP],
      ['reconstruction_threshold', FP],
    ]),
    struct('ConfigV2', STORED, [
      ['secrecy_threshold', FP],
      ['reconstruction_threshold', FP],
      ['fast_path_secrecy_threshold', FP],
    ]),
  ],
  [
    gated('randomness_config', 'initialize', ['&signer', rc.type]),
    gated('randomness_config', 'set_for_next_epoch', ['&signer', rc.type]),
    rc.enabled,
    rc.newOff,
    fn('new_v1', { params: [FP, FP], returns: [rc.type] }, (host, _t, args) =>
      rc.pack(host, 'ConfigV1', args.slice(0, 2)),
    ),
    fn('new_v2', { params: [FP, FP, FP], returns: [rc.type] }, (host, _t, args) =>
      rc.pack(host, 'ConfigV2', args.slice(0, 3)),
    ),
    rc.current,
  ],
);

const randomnessApiV0Config = systemModule(
  'randomness_api_v0_config',
  [
    struct(
      'RequiredGasDeposit',
      ['key', 'drop', 'store'],
      [['gas_amount', '0x1::option::Option<u64>']],
    ),
    struct('AllowCustomMaxGasFlag', ['key', 'drop', 'store'], [['value', 'bool']]),
  ],
  [
    gated('randomness_api_v0_config', 'set_for_next_epoch', [
      '&signer',
      '0x1::option::Option<u64>',
    ]),
    gated('randomness_api_v0_config', 'set_allow_max_gas_flag_for_next_epoch', ['&signer', 'bool']),
    gated('randomness_api_v0_config', 'on_new_epoch', ['&signer']),
  ],
);

const cc = variantConfig('chunky_dkg_config', 'ChunkyDKGConfig');
const SHADOW = '0x1::chunky_dkg_config::ConfigShadowV1';
const chunkyDkgConfig = systemModule(
  'chunky_dkg_config',
  [
    struct('ChunkyDKGConfig', ['copy', 'drop', 'key', 'store'], [['variant', ANY]]),
    emptyStruct('ConfigOff', STORED),
    struct('ConfigV1', STORED, [
      ['secrecy_threshold', FP],
      ['reconstruction_threshold', FP],
    ]),
    struct('ConfigShadowV1', STORED, [
      ['secrecy_threshold', FP],
      ['reconstruction_threshold', FP],
      ['grace_period_secs', 'u64'],
    ]),
  ],
  [
    gated('chunky_dkg_config', 'initialize', ['&signer', cc.type]),
    gated('chunky_dkg_config', 'set_for_next_epoch', ['&signer', cc.type]),
    cc.enabled,
    cc.newOff,
    fn('new_v1', { params: [FP, FP], returns: [cc.type] }, (host, _t, args) =>
      cc.pack(host, 'ConfigV1', args.slice(0, 2)),
    ),
    fn('new_shadow_v1', { params: [FP, FP, 'u64'], returns: [cc.type] }, (host, _t, args) =>
      cc.pack(host, 'ConfigShadowV1', args.slice(0, 3)),
    ),
    fn('grace_period_secs', { params: [], returns: ['0x1::option::Option<u64>'] }, (host) => {
      const stored = frameworkResource(host, cc.type);
      const variant = stored === undefined ? undefined : must((stored as Value[])[0]);
      if (variant === undefined || anyTypeName(variant) !== SHADOW) return [none()];
      return [some(must((unpackAny(host, SHADOW, variant) as Value[])[2]))];
    }),
    cc.current,
  ],
);

const OIDC = '0x1::jwk_consensus_config::OIDCProvider';
const jc = variantConfig('jwk_consensus_config', 'JWKConsensusConfig');
const jwkConsensusConfig = systemModule(
  'jwk_consensus_config',
  [
    struct('JWKConsensusConfig', ['drop', 'key', 'store'], [['variant', ANY]]),
    emptyStruct('ConfigOff', STORED),
    struct('OIDCProvider', STORED, [
      ['name', '0x1::string::String'],
      ['config_url', '0x1::string::String'],
    ]),
    struct('ConfigV1', STORED, [['oidc_providers', `vector<${OIDC}>`]]),
  ],
  [
    gated('jwk_consensus_config', 'initialize', ['&signer', jc.type]),
    gated('jwk_consensus_config', 'set_for_next_epoch', ['&signer', jc.type]),
    jc.newOff,
    fn('new_v1', { params: [`vector<${OIDC}>`], returns: [jc.type] }, (host, _t, [providers]) => {
      const names = new Set<string>();
      for (const provider of must(providers) as Value[][]) {
        const name = textOf(must(provider[0]));
        if (names.has(name)) {
          fail('jwk_consensus_config', 'EDUPLICATE_PROVIDERS', CATEGORY.invalidArgument);
        }
        names.add(name);
      }
      return jc.pack(host, 'ConfigV1', [must(providers)]);
    }),
    fn(
      'new_oidc_provider',
      { params: ['0x1::string::String', '0x1::string::String'], returns: [OIDC] },
      (_h, _t, [name, url]) => [[must(name), must(url)]],
    ),
  ],
);

/** `dkg` and `chunky_dkg`: the same session bookkeeping over their own state types. */
function dkgModule(
  module: string,
  prefix: string,
  configField: [string, string],
  transcript: string,
) {
  const session = `0x1::${module}::${prefix}SessionState`;
  const stateType = `0x1::${module}::${prefix}State`;
  const fromState = (host: NativeHost, field: number): Value => {
    const state = frameworkResource(host, stateType);
    return state === undefined ? none() : must((state as Value[])[field]);
  };
  const dealerEpoch = (s: Value): bigint => ((deref(s) as Value[])[0] as Value[])[0] as bigint;
  const structs: StructAbi[] = [
    struct(`${prefix}SessionMetadata`, STORED, [
      ['dealer_epoch', 'u64'],
      configField,
      ['dealer_validator_set', `vector<${VCI}>`],
      ['target_validator_set', `vector<${VCI}>`],
    ]),
    struct(
      `${prefix}SessionState`,
      ['copy', 'store', 'drop'],
      [
        ['metadata', `0x1::${module}::${prefix}SessionMetadata`],
        ['start_time_us', 'u64'],
        [transcript, 'vector<u8>'],
      ],
    ),
    struct(
      `${prefix}State`,
      ['key'],
      [
        ['last_completed', `0x1::option::Option<${session}>`],
        ['in_progress', `0x1::option::Option<${session}>`],
      ],
    ),
  ];
  const functions = [
    gated(module, 'initialize', ['&signer']),
    gated(module, 'try_clear_incomplete_session', ['&signer']),
    fn(
      'incomplete_session',
      { params: [], returns: [`0x1::option::Option<${session}>`] },
      (host) => [fromState(host, 1)],
    ),
    fn(
      'last_completed_session',
      { params: [], returns: [`0x1::option::Option<${session}>`] },
      (host) => [fromState(host, 0)],
    ),
    fn('session_dealer_epoch', { params: [`&${session}`], returns: ['u64'] }, (_h, _t, [s]) => [
      dealerEpoch(must(s)),
    ]),
    fn('is_session_started', { params: ['u64'], returns: ['bool'] }, (host, _t, [epoch]) => {
      const inProgress = optionValue(fromState(host, 1));
      return [inProgress !== undefined && dealerEpoch(inProgress) === epoch];
    }),
  ];
  if (module === 'chunky_dkg') {
    functions.push(
      fn('session_start_time', { params: [`&${session}`], returns: ['u64'] }, (_h, _t, [s]) => [
        must((deref(must(s)) as Value[])[1]),
      ]),
    );
  }
  return systemModule(module, structs, functions);
}

export const RANDOMNESS_CONFIG_MODULES = [
  randomnessConfig,
  seqNum('randomness_config_seqnum', 'RandomnessConfigSeqNum'),
  randomnessApiV0Config,
  chunkyDkgConfig,
  seqNum('chunky_dkg_config_seqnum', 'ChunkyDKGConfigSeqNum'),
  jwkConsensusConfig,
  dkgModule('dkg', 'DKG', ['randomness_config', rc.type], 'transcript'),
  dkgModule('chunky_dkg', 'ChunkyDKG', ['chunky_dkg_config', cc.type], 'aggregated_subtranscript'),
];
