import type { LongAddress } from '../../localnet/encoding.ts';
import { describeReferenceAbis } from './referenceAbi.ts';

/** The legacy token standard's native modules (0x3) declare what devnet's AptosToken declares. */
describeReferenceAbis('AptosToken', `0x${'0'.repeat(63)}3` as LongAddress, [
  'token',
  'property_map',
  'token_event_store',
  'token_transfers',
  'token_coin_swap',
]);
