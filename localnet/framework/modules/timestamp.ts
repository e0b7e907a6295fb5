import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { abortIn, signerAddress, updateResource } from '../vmState.ts';

const VM_RESERVED = `0x${'0'.repeat(64)}` as LongAddress;
const CURRENT_TIME = '0x1::timestamp::CurrentTimeMicroseconds';

/**
 * `0x1::timestamp` on the VM's own values. The clock is the block's (`ctx.timestampMicros`, which
 * the chain keeps in `CurrentTimeMicroseconds` at each block).
 */
export const timestampModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'timestamp',
  friends: ['0x1::genesis'],
  structs: [struct('CurrentTimeMicroseconds', ['key'], [['microseconds', 'u64']])],
  functions: [
    fn('now_microseconds', { params: [], returns: ['u64'], isView: true }, (host) => [
      host.session.ctx.timestampMicros,
    ]),
    fn('now_seconds', { params: [], returns: ['u64'], isView: true }, (host) => [
      host.session.ctx.timestampMicros / 1_000_000n,
    ]),
    // The block prologue's: only the VM's signer (`system_addresses::assert_vm`).
    fn(
      'update_global_time',
      { params: ['&signer', 'address', 'u64'] },
      (host, _t, [account, proposer, timestamp]) => {
        if (signerAddress(must(account)) !== VM_RESERVED) {
          abortIn(
            '0x1::system_addresses',
            0x50002n,
            'EVM',
            'The operation can only be performed by the VM',
          );
        }
        updateResource(host, FRAMEWORK_ADDRESS, CURRENT_TIME, (timer) => {
          const now = timer[0] as bigint;
          const valid = proposer === VM_RESERVED ? now === timestamp : now < (timestamp as bigint);
          if (!valid) {
            abortIn(
              'timestamp',
              0x10002n,
              'EINVALID_TIMESTAMP',
              'An invalid timestamp was provided',
            );
          }
          timer[0] = timestamp as bigint;
        });
        return [];
      },
    ),
  ],
};
