import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';

export const chainIdModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'chain_id',
  friends: ['0x1::genesis'],
  structs: [struct('ChainId', ['key'], [['id', 'u8']])],
  functions: [
    fn('get', { params: [], returns: ['u8'], isView: true }, (host) => [host.session.ctx.chainId]),
  ],
};
