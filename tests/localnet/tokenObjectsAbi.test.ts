import type { LongAddress } from '../../localnet/encoding.ts';
import { describeReferenceAbis } from './referenceAbi.ts';

/** The token objects modules (0x4) declare what devnet's AptosTokenObjects package declares. */
describeReferenceAbis('AptosTokenObjects', `0x${'0'.repeat(63)}4` as LongAddress, [
  'collection',
  'token',
  'royalty',
  'property_map',
  'aptos_token',
]);
