import { struct } from '../abi.ts';
import type { NativeModule } from '../context.ts';
import { TOKEN_OBJECTS_ADDRESS } from './collection.ts';

/** `0x4::royalty`: the `Royalty` a collection (or token) object holds; no entry functions. */
export const royaltyModule: NativeModule = {
  address: TOKEN_OBJECTS_ADDRESS,
  name: 'royalty',
  friends: ['0x4::token'],
  structs: [
    struct(
      'Royalty',
      ['copy', 'drop', 'key'],
      [
        ['numerator', 'u64'],
        ['denominator', 'u64'],
        ['payee_address', 'address'],
      ],
    ),
    struct('MutatorRef', ['drop', 'store'], [['inner', '0x1::object::ExtendRef']]),
  ],
  functions: [],
};
