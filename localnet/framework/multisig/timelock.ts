/**
 * `multisig_account`'s timelock functions on the VM's own values, as multisig_account.move
 * writes them. The MULTISIG_TIMELOCK feature (115) is off in this chain's genesis, as on devnet's,
 * so create_with_owners_and_timelock and upsert_timelock stop at ETIMELOCK_NOT_ENABLED and no
 * MultisigAccountTimeLock exists: the views answer 0 and none, remove_timelock
 * ETIMELOCK_DOES_NOT_EXIST after its multisig check.
 */
import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import { fn } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeFunction } from '../context.ts';
import { abortIn, resourceExists, signerAddress } from '../vmState.ts';

const M = 'multisig_account';
const TIMELOCK = '0x1::multisig_account::MultisigAccountTimeLock';
const OPTION_U64 = '0x1::option::Option<u64>';

const timelockOn = (host: NativeHost): boolean =>
  host.call(FRAMEWORK_ADDRESS, 'features', 'is_multisig_timelock_enabled', [], [])[0] === true;
const notEnabled = (): never =>
  abortIn(
    M,
    0xd0019n,
    'ETIMELOCK_NOT_ENABLED',
    'Feature flag for multisig timelock is not enabled.',
  );
/** Past the feature check: a timelock this chain's genesis never allows. */
const featureOff = (name: string): never => {
  throw new Error(
    `0x1::multisig_account::${name}: the multisig timelock feature is off at genesis`,
  );
};

export const TIMELOCK_FUNCTIONS: NativeFunction[] = [
  fn(
    'timelock_period',
    { params: ['address'], returns: ['u64'], isView: true },
    (host, _t, [a]) => {
      if (resourceExists(host, must(a) as LongAddress, TIMELOCK))
        return featureOff('timelock_period');
      return [0n];
    },
  ),
  fn(
    'timelock_override_threshold',
    { params: ['address'], returns: [OPTION_U64], isView: true },
    (host, _t, [a]) => {
      if (resourceExists(host, must(a) as LongAddress, TIMELOCK))
        return featureOff('timelock_override_threshold');
      return [[[]]];
    },
  ),
  fn(
    'create_with_owners_and_timelock',
    {
      params: [
        '&signer',
        'vector<address>',
        'u64',
        'vector<0x1::string::String>',
        'vector<vector<u8>>',
        OPTION_U64,
        OPTION_U64,
      ],
      isEntry: true,
    },
    (host) => (timelockOn(host) ? featureOff('create_with_owners_and_timelock') : notEnabled()),
  ),
  fn(
    'upsert_timelock',
    { params: ['&signer', 'u64', OPTION_U64], isEntry: true, visibility: 'private' },
    (host) => (timelockOn(host) ? featureOff('upsert_timelock') : notEnabled()),
  ),
  fn(
    'remove_timelock',
    { params: ['&signer'], isEntry: true, visibility: 'private' },
    (host, _t, [s]) => {
      const multisig = signerAddress(must(s));
      if (!resourceExists(host, multisig, '0x1::multisig_account::MultisigAccount')) {
        abortIn(
          M,
          0x307d2n,
          'EACCOUNT_NOT_MULTISIG',
          'Specified account is not a multisig account.',
        );
      }
      if (!resourceExists(host, multisig, TIMELOCK)) {
        abortIn(
          M,
          0x60018n,
          'ETIMELOCK_DOES_NOT_EXIST',
          'No timelock configuration exists for the multisig account.',
        );
      }
      return featureOff('remove_timelock');
    },
  ),
];
