import { struct, view } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';

export const timestampModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'timestamp',
  friends: ['0x1::block', '0x1::genesis'],
  structs: [struct('CurrentTimeMicroseconds', ['key'], [['microseconds', 'u64']])],
  functions: [
    view('now_microseconds', [], ['u64'], (ctx) => [ctx.timestampMicros]),
    view('now_seconds', [], ['u64'], (ctx) => [ctx.timestampMicros / 1_000_000n]),
  ],
};
