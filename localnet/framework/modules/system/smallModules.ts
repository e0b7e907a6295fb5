/**
 * Small `0x1` modules whose public functions are pure or read the clock: `guid`'s getters,
 * `validator_consensus_info`, `util::address_from_bytes` and `rate_limiter`'s token bucket, as
 * their sources write them.
 */
import type { LongAddress } from '../../../encoding.ts';
import { must } from '../../../encoding.ts';
import { BytecodeAbort, vmError } from '../../../move/vm/errors.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { deref, fieldsOf } from '../../vmState.ts';
import { CATEGORY, fail } from './errors.ts';
import { systemModule } from './gate.ts';
import { VM_ADDRESS } from './systemAddresses.ts';

const GUID = '0x1::guid::GUID';
const ID = '0x1::guid::ID';
/** `GUID { id: ID { creation_num, addr } }`: the ID's fields through a `&GUID` or `&ID`. */
const idOf = (guid: Value | undefined): Value[] => fieldsOf(fieldsOf(must(guid))[0] as Value);

const guid = systemModule(
  'guid',
  [
    struct('GUID', ['drop', 'store'], [['id', ID]]),
    struct(
      'ID',
      ['copy', 'drop', 'store'],
      [
        ['creation_num', 'u64'],
        ['addr', 'address'],
      ],
    ),
  ],
  [
    fn('create_id', { params: ['address', 'u64'], returns: [ID] }, (_h, _t, [addr, num]) => [
      [must(num), must(addr)],
    ]),
    fn('id', { params: [`&${GUID}`], returns: [ID] }, (_h, _t, [g]) => [[...idOf(g)]]),
    fn('creator_address', { params: [`&${GUID}`], returns: ['address'] }, (_h, _t, [g]) => [
      must(idOf(g)[1]),
    ]),
    fn('id_creator_address', { params: [`&${ID}`], returns: ['address'] }, (_h, _t, [id]) => [
      must(fieldsOf(must(id))[1]),
    ]),
    fn('creation_num', { params: [`&${GUID}`], returns: ['u64'] }, (_h, _t, [g]) => [
      must(idOf(g)[0]),
    ]),
    fn('id_creation_num', { params: [`&${ID}`], returns: ['u64'] }, (_h, _t, [id]) => [
      must(fieldsOf(must(id))[0]),
    ]),
    fn('eq_id', { params: [`&${GUID}`, `&${ID}`], returns: ['bool'] }, (_h, _t, [g, id]) => {
      const [num, addr] = idOf(g);
      const other = fieldsOf(must(id));
      return [num === other[0] && addr === other[1]];
    }),
  ],
);

const VCI = '0x1::validator_consensus_info::ValidatorConsensusInfo';
const field =
  (i: number) =>
  (_h: unknown, _t: unknown, [v]: Value[]) => {
    const value = fieldsOf(must(v))[i] as Value;
    return [Array.isArray(value) ? [...(value as Value[])] : value];
  };
const validatorConsensusInfo = systemModule(
  'validator_consensus_info',
  [
    struct(
      'ValidatorConsensusInfo',
      ['copy', 'drop', 'store'],
      [
        ['addr', 'address'],
        ['pk_bytes', 'vector<u8>'],
        ['voting_power', 'u64'],
      ],
    ),
  ],
  [
    fn('default', { params: [], returns: [VCI] }, () => [[VM_ADDRESS, [], 0n]]),
    fn('new', { params: ['address', 'vector<u8>', 'u64'], returns: [VCI] }, (_h, _t, args) => [
      [must(args[0]), must(args[1]), must(args[2])],
    ]),
    fn('get_addr', { params: [`&${VCI}`], returns: ['address'] }, field(0)),
    fn('get_pk_bytes', { params: [`&${VCI}`], returns: ['vector<u8>'] }, field(1)),
    fn('get_voting_power', { params: [`&${VCI}`], returns: ['u64'] }, field(2)),
  ],
);

const util = systemModule(
  'util',
  [],
  [
    // `from_bytes<address>`: exactly 32 bytes, else the native's EFROM_BYTES (0x10001).
    fn('address_from_bytes', { params: ['vector<u8>'], returns: ['address'] }, (_h, _t, [b]) => {
      const bytes = must(b) as number[];
      if (bytes.length !== 32) throw new BytecodeAbort('0x1::util', 0x10001n, null);
      return [`0x${Buffer.from(bytes).toString('hex')}` as LongAddress];
    }),
  ],
);

const MAX_U64 = (1n << 64n) - 1n;
const LIMITER = '0x1::rate_limiter::RateLimiter';
/** `RateLimiter::TokenBucket` as an enum value: `[0, capacity, current, interval, last, frac]`. */
const rateLimiter = systemModule(
  'rate_limiter',
  [],
  [
    fn('initialize', { params: ['u64', 'u64'], returns: [LIMITER] }, (host, _t, [cap, every]) => [
      [0, must(cap), must(cap), must(every), host.session.ctx.timestampMicros / 1_000_000n, 0n],
    ]),
    fn(
      'request',
      { params: [`&mut ${LIMITER}`, 'u64'], returns: ['bool'] },
      (host, _t, [limiter, wanted]) => {
        const l = deref(must(limiter)) as Value[];
        const [capacity, , interval, last, frac] = l.slice(1) as bigint[];
        const now = host.session.ctx.timestampMicros / 1_000_000n;
        // `refill`, in u64 as Move's (`now - last` cannot underflow: the clock only grows).
        const accumulated = (now - must(last)) * must(capacity) + must(frac);
        if (interval === 0n || accumulated > MAX_U64) throw vmError('ARITHMETIC_ERROR');
        const fresh = accumulated / must(interval);
        if ((l[2] as bigint) + fresh >= must(capacity)) {
          l[2] = capacity;
          l[5] = 0n;
        } else {
          l[2] = (l[2] as bigint) + fresh;
          l[5] = accumulated % must(interval);
        }
        l[4] = now;
        if ((l[2] as bigint) >= (wanted as bigint)) {
          l[2] = (l[2] as bigint) - (wanted as bigint);
          return [true];
        }
        return [false];
      },
    ),
  ],
);

const PERMISSIONED_HANDLE = '0x1::permissioned_signer::PermissionedHandle';
/** `permissioned_signer`: the feature is gone; every function aborts EPERMISSION_SIGNER_DISABLED. */
const disabled = (name: string, params: string[], returns: string[] = [], isEntry = false) =>
  fn(name, { params, returns, isEntry }, () =>
    fail('permissioned_signer', 'EPERMISSION_SIGNER_DISABLED', CATEGORY.permissionDenied),
  );
const permissionedSignerModule = systemModule(
  'permissioned_signer',
  [],
  [
    disabled('create_permissioned_handle', ['&signer'], [PERMISSIONED_HANDLE]),
    disabled('destroy_permissioned_handle', [PERMISSIONED_HANDLE]),
    disabled('signer_from_permissioned_handle', [`&${PERMISSIONED_HANDLE}`], ['signer']),
    fn('is_permissioned_signer', { params: ['&signer'], returns: ['bool'] }, () => [false]),
    disabled('grant_revoke_permission', ['&signer', '&signer']),
    disabled('revoke_permission_storage_address', ['&signer', 'address'], [], true),
    disabled('revoke_all_handles', ['&signer'], [], true),
    disabled('address_of', ['&signer'], ['address']),
    disabled('borrow_address', ['&signer'], ['&address']),
  ],
);

/**
 * `sui_derivable_account`'s helpers (its `authenticate`, a Sui signature check, is not here):
 * `split_signature_bytes` (1 + 64 + 32 bytes, else a bare EINVALID_SIGNATURE_LENGTH) and the
 * deprecated `authenticate_auth_data` (a bare EDEPRECATED).
 */
const suiDerivableAccount = systemModule(
  'sui_derivable_account',
  [],
  [
    fn(
      'split_signature_bytes',
      { params: ['&vector<u8>'], returns: ['u8', 'vector<u8>', 'vector<u8>'] },
      (_h, _t, [b]) => {
        const bytes = deref(must(b)) as number[];
        if (bytes.length !== 97) fail('sui_derivable_account', 'EINVALID_SIGNATURE_LENGTH');
        return [must(bytes[0]), bytes.slice(1, 65), bytes.slice(65, 97)];
      },
    ),
    fn(
      'authenticate_auth_data',
      { params: ['0x1::auth_data::AbstractionAuthData', '&vector<u8>'] },
      () => fail('sui_derivable_account', 'EDEPRECATED'),
    ),
  ],
);

export const SMALL_MODULES = [
  suiDerivableAccount,
  guid,
  validatorConsensusInfo,
  util,
  rateLimiter,
  permissionedSignerModule,
];
