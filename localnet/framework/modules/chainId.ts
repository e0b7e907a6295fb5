import { struct, view } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';

export const chainIdModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'chain_id',
  friends: ['0x1::genesis'],
  structs: [struct('ChainId', ['key'], [['id', 'u8']])],
  functions: [view('get', [], ['u8'], (ctx) => [ctx.chainId])],
};
