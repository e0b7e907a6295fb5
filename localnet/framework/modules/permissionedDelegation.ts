import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { Value } from '../../move/vm/values.ts';
import type { NativeModule } from '../context.ts';
import { abort, moduleError } from '../context.ts';
import { nativeAuthFunction } from './functionInfo.ts';

const UNAVAILABLE = 0xdn;
const EPERMISSIONED_SIGNER_REMOVED = moduleError(
  UNAVAILABLE,
  7n,
  'EPERMISSIONED_SIGNER_REMOVED',
  'The permissioned signer feature has been removed.',
);
const KEY = '0x1::permissioned_delegation::DelegationKey';
const removed = (name: string, params: string[], returns: string[] = []) =>
  fn(name, { params, returns }, () =>
    abort('0x1::permissioned_delegation', EPERMISSIONED_SIGNER_REMOVED),
  );

/**
 * `0x1::permissioned_delegation` as the current Aptos framework has it: a shell kept for upgrade
 * compatibility whose functions abort `EPERMISSIONED_SIGNER_REMOVED(0xd0007)` (the permissioned
 * signer feature was removed). Its `authenticate` keeps the signature account abstraction
 * dispatches to, so an account can register it (`add_authentication_function` checks the
 * signature as on a node), and a transaction dispatched to it is refused with that abort.
 */
export const permissionedDelegationModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'permissioned_delegation',
  friends: [],
  structs: [
    struct('DelegationKey', ['copy', 'drop', 'store'], []),
    struct('RegisteredDelegations', ['key'], []),
  ],
  functions: [
    // `DelegationKey::Ed25519PublicKey(key)`: an enum value is `[variant, ...fields]`.
    fn(
      'gen_ed25519_key',
      { params: ['0x1::ed25519::UnvalidatedPublicKey'], returns: [KEY] },
      (_h, _t, [key]) => [[0, key as Value]],
    ),
    removed(
      'add_permissioned_handle',
      ['&signer', KEY, '0x1::option::Option<0x1::rate_limiter::RateLimiter>', 'u64'],
      ['signer'],
    ),
    removed('remove_permissioned_handle', ['&signer', KEY]),
    removed('permissioned_signer_by_key', ['&signer', KEY], ['signer']),
    removed('handle_address_by_key', ['address', KEY], ['address']),
    nativeAuthFunction('authenticate', () =>
      abort('0x1::permissioned_delegation', EPERMISSIONED_SIGNER_REMOVED),
    ),
  ],
};
