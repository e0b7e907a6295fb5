/**
 * `0x3::token_transfers` (offer, claim and cancel a token through `PendingClaims`) and
 * `0x3::token_coin_swap` (deprecated: every function aborts with EDEPRECATED_MODULE).
 */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import type { NativeFunction, NativeModule } from '../../context.ts';
import {
  abortIn,
  emitEvent,
  readResource,
  resourceExists,
  signerAddress,
  writeResource,
} from '../../vmState.ts';
import { depositToken, merge, tokenIdRaw, withdrawInternal } from './core.ts';
import {
  addItem,
  item,
  newEventHandle,
  removeItem,
  STRING,
  TOKEN_ADDRESS,
  TOKEN_ID,
  TOKEN_T,
} from './shared.ts';

const TRANSFERS = '0x3::token_transfers';
const PENDING_CLAIMS = '0x3::token_transfers::PendingClaims';
const OFFER_ID = '0x3::token_transfers::TokenOfferId';
const S = STRING;
const RAW_ID = ['address', S, S, 'u64'];

/** ETOKEN_OFFER_NOT_EXIST, bare (`assert!(…, 1)`) or `error::not_found`. */
const noOffer = (category: bigint): never =>
  abortIn(TRANSFERS, (category << 16n) | 1n, 'ETOKEN_OFFER_NOT_EXIST', "Token offer doesn't exist");

/** The pending claim of `(receiver, tokenId)` in `sender`'s `PendingClaims` (bare code 1 without it). */
function claimOf(host: NativeHost, sender: LongAddress, receiver: LongAddress, tokenId: Value) {
  const claims = readResource(host, sender, PENDING_CLAIMS);
  if (claims === undefined) noOffer(0n);
  const table = (claims as Value[])[0] as Value;
  return item(host, table, OFFER_ID, TOKEN_T, [receiver, copyValue(tokenId)]);
}

function offer(
  host: NativeHost,
  sender: LongAddress,
  receiver: LongAddress,
  tokenId: Value,
  amount: Value,
) {
  if (!resourceExists(host, sender, PENDING_CLAIMS)) {
    const table = [host.session.newTableHandle()];
    const handles = [0, 1, 2].map(() => newEventHandle(host, sender));
    writeResource(host, sender, PENDING_CLAIMS, [table, ...handles]);
  }
  const entry = claimOf(host, sender, receiver, tokenId);
  const token = withdrawInternal(host, sender, tokenId, amount);
  if (entry.cell[0] === undefined) addItem(entry, token);
  else merge(entry.cell[0] as Value[], token);
  emitEvent(host, `${TRANSFERS}::Offer`, [sender, receiver, copyValue(tokenId), amount]);
}

function claim(host: NativeHost, receiver: LongAddress, sender: LongAddress, tokenId: Value) {
  const entry = claimOf(host, sender, receiver, tokenId);
  if (entry.cell[0] === undefined) noOffer(0x6n);
  const token = removeItem(entry);
  const amount = token[1] as Value;
  depositToken(host, receiver, token);
  emitEvent(host, `${TRANSFERS}::Claim`, [sender, receiver, copyValue(tokenId), amount]);
}

function cancelOffer(host: NativeHost, sender: LongAddress, receiver: LongAddress, tokenId: Value) {
  const token = removeItem(claimOf(host, sender, receiver, tokenId));
  const amount = token[1] as Value;
  depositToken(host, sender, token);
  emitEvent(host, `${TRANSFERS}::CancelOffer`, [sender, receiver, copyValue(tokenId), amount]);
}

const idAmount: Array<[string, string]> = [
  ['to_address', 'address'],
  ['token_id', TOKEN_ID],
  ['amount', 'u64'],
];
const event = (name: string, fields: Array<[string, string]>) =>
  struct(name, ['drop', 'store'], fields, { isEvent: true });

export const tokenTransfersModule: NativeModule = {
  address: TOKEN_ADDRESS,
  name: 'token_transfers',
  friends: [],
  structs: [
    struct(
      'PendingClaims',
      ['key'],
      [
        ['pending_claims', `0x1::table::Table<${OFFER_ID}, ${TOKEN_T}>`],
        ['offer_events', '0x1::event::EventHandle<0x3::token_transfers::TokenOfferEvent>'],
        [
          'cancel_offer_events',
          '0x1::event::EventHandle<0x3::token_transfers::TokenCancelOfferEvent>',
        ],
        ['claim_events', '0x1::event::EventHandle<0x3::token_transfers::TokenClaimEvent>'],
      ],
    ),
    struct(
      'TokenOfferId',
      ['copy', 'drop', 'store'],
      [
        ['to_addr', 'address'],
        ['token_id', TOKEN_ID],
      ],
      { isEvent: true },
    ),
    ...['TokenOffer', 'TokenCancelOfferEvent', 'TokenClaimEvent'].map((n) => event(n, idAmount)),
    ...['Offer', 'CancelOffer', 'Claim'].map((n) =>
      event(n, [['account', 'address'], ...idAmount]),
    ),
    ...['TokenOfferEvent', 'TokenCancelOffer', 'TokenClaim'].map((n) => event(n, idAmount)),
  ],
  functions: [
    fn(
      'offer_script',
      { params: ['signer', 'address', ...RAW_ID, 'u64'], isEntry: true },
      (host, _t, [sender, receiver, creator, collection, name, version, amount]) => {
        const tokenId = tokenIdRaw(
          creator as Value,
          collection as Value,
          name as Value,
          version as Value,
        );
        offer(
          host,
          signerAddress(sender as Value),
          receiver as LongAddress,
          tokenId,
          amount as Value,
        );
        return [];
      },
    ),
    fn(
      'offer',
      { params: ['&signer', 'address', TOKEN_ID, 'u64'] },
      (host, _t, [sender, receiver, tokenId, amount]) => {
        offer(
          host,
          signerAddress(sender as Value),
          receiver as LongAddress,
          tokenId as Value,
          amount as Value,
        );
        return [];
      },
    ),
    fn(
      'claim_script',
      { params: ['signer', 'address', ...RAW_ID], isEntry: true },
      (host, _t, [receiver, sender, creator, collection, name, version]) => {
        const tokenId = tokenIdRaw(
          creator as Value,
          collection as Value,
          name as Value,
          version as Value,
        );
        claim(host, signerAddress(receiver as Value), sender as LongAddress, tokenId);
        return [];
      },
    ),
    fn(
      'claim',
      { params: ['&signer', 'address', TOKEN_ID] },
      (host, _t, [receiver, sender, tokenId]) => {
        claim(host, signerAddress(receiver as Value), sender as LongAddress, tokenId as Value);
        return [];
      },
    ),
    fn(
      'cancel_offer_script',
      { params: ['signer', 'address', ...RAW_ID], isEntry: true },
      (host, _t, [sender, receiver, creator, collection, name, version]) => {
        const tokenId = tokenIdRaw(
          creator as Value,
          collection as Value,
          name as Value,
          version as Value,
        );
        cancelOffer(host, signerAddress(sender as Value), receiver as LongAddress, tokenId);
        return [];
      },
    ),
    fn(
      'cancel_offer',
      { params: ['&signer', 'address', TOKEN_ID] },
      (host, _t, [sender, receiver, tokenId]) => {
        cancelOffer(
          host,
          signerAddress(sender as Value),
          receiver as LongAddress,
          tokenId as Value,
        );
        return [];
      },
    ),
  ],
};

const deprecated = (): never =>
  abortIn('0x3::token_coin_swap', 0x10008n, 'EDEPRECATED_MODULE', 'Deprecated module');

const swap = (
  name: string,
  params: string[],
  options: { returns?: string[]; typeParams?: string[][]; isEntry?: boolean } = {},
): NativeFunction => fn(name, { params, ...options }, deprecated);

const TOKEN_LISTING = [S, S, 'u64', 'u64'];

export const tokenCoinSwapModule: NativeModule = {
  address: TOKEN_ADDRESS,
  name: 'token_coin_swap',
  friends: [],
  structs: [
    struct(
      'TokenCoinSwap',
      ['drop', 'store'],
      [
        ['token_amount', 'u64'],
        ['min_price_per_token', 'u64'],
      ],
      { typeParams: [{ constraints: [], is_phantom: true }] },
    ),
    struct(
      'TokenListings',
      ['key'],
      [
        ['listings', `0x1::table::Table<${TOKEN_ID}, 0x3::token_coin_swap::TokenCoinSwap<T0>>`],
        ['listing_events', '0x1::event::EventHandle<0x3::token_coin_swap::TokenListingEvent>'],
        ['swap_events', '0x1::event::EventHandle<0x3::token_coin_swap::TokenSwapEvent>'],
      ],
      { typeParams: [{ constraints: [], is_phantom: true }] },
    ),
    struct(
      'TokenEscrow',
      ['store'],
      [
        ['token', TOKEN_T],
        ['locked_until_secs', 'u64'],
      ],
    ),
    struct(
      'TokenStoreEscrow',
      ['key'],
      [['token_escrows', `0x1::table::Table<${TOKEN_ID}, 0x3::token_coin_swap::TokenEscrow>`]],
    ),
    struct(
      'TokenListingEvent',
      ['drop', 'store'],
      [
        ['token_id', TOKEN_ID],
        ['amount', 'u64'],
        ['min_price', 'u64'],
        ['locked_until_secs', 'u64'],
        ['coin_type_info', '0x1::type_info::TypeInfo'],
      ],
    ),
    struct(
      'TokenSwapEvent',
      ['drop', 'store'],
      [
        ['token_id', TOKEN_ID],
        ['token_buyer', 'address'],
        ['token_amount', 'u64'],
        ['coin_amount', 'u64'],
        ['coin_type_info', '0x1::type_info::TypeInfo'],
      ],
    ),
  ],
  functions: [
    swap('does_listing_exist', ['address', TOKEN_ID], { returns: ['bool'], typeParams: [[]] }),
    swap('exchange_coin_for_token', ['&signer', 'u64', 'address', 'address', ...TOKEN_LISTING], {
      typeParams: [[]],
    }),
    swap('list_token_for_swap', ['&signer', 'address', ...TOKEN_LISTING, 'u64', 'u64'], {
      typeParams: [[]],
      isEntry: true,
    }),
    swap('deposit_token_to_escrow', ['&signer', TOKEN_ID, TOKEN_T, 'u64']),
    swap('withdraw_token_from_escrow', ['&signer', TOKEN_ID, 'u64'], { returns: [TOKEN_T] }),
    swap('cancel_token_listing', ['&signer', TOKEN_ID, 'u64'], { typeParams: [[]] }),
  ],
};
