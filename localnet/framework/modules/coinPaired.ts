/**
 * `0x1::coin`'s structs and its half about the coin ↔ fungible-asset pairing: the paired metadata
 * and coin, the paired refs lent against a capability and returned with their receipt,
 * `coin_to_fungible_asset` and `burn_from` (`coins.ts` keeps the state).
 */
import type { LongAddress } from '../../encoding.ts';
import { fromHex, must, parseAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { eventHandle, fn, struct } from '../abi.ts';
import type { RefKind } from '../coins.ts';
import {
  assertFramework,
  burnFromPrimary,
  coinToAsset,
  coinTypeOf,
  ensurePairedMetadata,
  pairedCoin,
  pairedMetadata,
  pairedRef,
  setPairedRef,
} from '../coins.ts';
import type { NativeFunction, StructAbi } from '../context.ts';
import { abortIn, fieldsOf, none, object, objectAddress, some } from '../vmState.ts';

const COIN = 'coin';
const T0 = [[]] as string[][];
const METADATA = '0x1::object::Object<0x1::fungible_asset::Metadata>';
const PHANTOM = { typeParams: [{ constraints: [], is_phantom: true }] };
const capability = (kind: string) =>
  struct(`${kind}Capability`, ['copy', 'store'], [['dummy_field', 'bool']], PHANTOM);
const receipt = (kind: string) => struct(`${kind}RefReceipt`, [], [['metadata', METADATA]]);

export const coinStructs: StructAbi[] = [
  struct('Coin', ['store'], [['value', 'u64']], PHANTOM),
  struct(
    'CoinInfo',
    ['key'],
    [
      ['name', '0x1::string::String'],
      ['symbol', '0x1::string::String'],
      ['decimals', 'u8'],
      ['supply', '0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>'],
    ],
    PHANTOM,
  ),
  struct(
    'CoinStore',
    ['key'],
    [
      ['coin', '0x1::coin::Coin<T0>'],
      ['frozen', 'bool'],
      ['deposit_events', eventHandle('0x1::coin::DepositEvent')],
      ['withdraw_events', eventHandle('0x1::coin::WithdrawEvent')],
    ],
    PHANTOM,
  ),
  capability('Mint'),
  capability('Freeze'),
  capability('Burn'),
  struct('PairedCoinType', ['key'], [['type', '0x1::type_info::TypeInfo']]),
  struct(
    'PairedFungibleAssetRefs',
    ['key'],
    [
      ['mint_ref_opt', '0x1::option::Option<0x1::fungible_asset::MintRef>'],
      ['transfer_ref_opt', '0x1::option::Option<0x1::fungible_asset::TransferRef>'],
      ['burn_ref_opt', '0x1::option::Option<0x1::fungible_asset::BurnRef>'],
    ],
  ),
  receipt('Mint'),
  receipt('Transfer'),
  receipt('Burn'),
  struct(
    'PairCreation',
    ['drop', 'store'],
    [
      ['coin_type', '0x1::type_info::TypeInfo'],
      ['fungible_asset_metadata_address', 'address'],
    ],
    { isEvent: true },
  ),
];

/** `assert_paired_metadata_exists<T>()` and the refs resource on it. */
function pairedRefs(host: NativeHost, coinType: string, kind: RefKind): [LongAddress, boolean] {
  const metadata = pairedMetadata(host.session.ctx, coinType);
  if (metadata === null) {
    abortIn(
      COIN,
      0x60010n,
      'EPAIRED_FUNGIBLE_ASSET',
      'Error regarding paired fungible asset metadata of a coin type.',
    );
  }
  const present = pairedRef(host.session.ctx, metadata, kind);
  if (present === null) {
    abortIn(
      COIN,
      0xb0013n,
      'EPAIRED_FUNGIBLE_ASSET_REFS_NOT_FOUND',
      'PairedFungibleAssetRefs resource does not exist.',
    );
  }
  return [metadata, present];
}

const REF_NOT_FOUND: Record<RefKind, [bigint, string, string]> = {
  mint: [0x60015n, 'EMINT_REF_NOT_FOUND', 'The MintRef does not exist.'],
  transfer: [0x60017n, 'ETRANSFER_REF_NOT_FOUND', 'The TransferRef does not exist.'],
  burn: [0x60019n, 'EBURN_REF_NOT_FOUND', 'The BurnRef does not exist.'],
};
const RECEIPT_MISMATCH: Record<RefKind, [bigint, string, string]> = {
  mint: [
    0x10014n,
    'EMINT_REF_RECEIPT_MISMATCH',
    'The MintRefReceipt does not match the MintRef to be returned.',
  ],
  transfer: [
    0x10016n,
    'ETRANSFER_REF_RECEIPT_MISMATCH',
    'The TransferRefReceipt does not match the TransferRef to be returned.',
  ],
  burn: [
    0x10018n,
    'EBURN_REF_RECEIPT_MISMATCH',
    'The BurnRefReceipt does not match the BurnRef to be returned.',
  ],
};

/** Takes the paired ref out of `PairedFungibleAssetRefs` (`extract`): a `{ metadata }` value. */
function takeRef(host: NativeHost, coinType: string, kind: RefKind): Value {
  const [metadata, present] = pairedRefs(host, coinType, kind);
  if (!present) abortIn(COIN, ...REF_NOT_FOUND[kind]);
  setPairedRef(host.session.ctx, metadata, kind, false);
  return [object(metadata)];
}

const KINDS: Array<[RefKind, string, string]> = [
  ['mint', 'Mint', 'Mint'],
  ['transfer', 'Transfer', 'Freeze'],
  ['burn', 'Burn', 'Burn'],
];

const refFunctions = KINDS.flatMap(([kind, refName, capName]): NativeFunction[] => [
  fn(
    `paired_${kind}_ref_exists`,
    { params: [], returns: ['bool'], typeParams: T0, isView: true },
    (host, tys) => [pairedRefs(host, coinTypeOf(tys), kind)[1]],
  ),
  fn(
    `get_paired_${kind}_ref`,
    {
      params: [`&0x1::coin::${capName}Capability<T0>`],
      returns: [`0x1::fungible_asset::${refName}Ref`, `0x1::coin::${refName}RefReceipt`],
      typeParams: T0,
    },
    (host, tys) => {
      const ref = takeRef(host, coinTypeOf(tys), kind);
      return [ref, [fieldsOf(ref)[0] as Value]];
    },
  ),
  fn(
    `return_paired_${kind}_ref`,
    { params: [`0x1::fungible_asset::${refName}Ref`, `0x1::coin::${refName}RefReceipt`] },
    (host, _t, [ref, given]) => {
      const metadata = objectAddress(fieldsOf(given as Value)[0] as Value);
      if (objectAddress(fieldsOf(ref as Value)[0] as Value) !== metadata) {
        abortIn(COIN, ...RECEIPT_MISMATCH[kind]);
      }
      // `borrow_global_mut<PairedFungibleAssetRefs>`, then `option::fill`.
      const present = pairedRef(host.session.ctx, metadata, kind);
      if (present === null) return missingRefs();
      if (present) abortIn('option', 0x40000n, 'EOPTION_IS_SET', '');
      setPairedRef(host.session.ctx, metadata, kind, true);
      return [];
    },
  ),
]);

function missingRefs(): never {
  return abortIn(
    COIN,
    0xb0013n,
    'EPAIRED_FUNGIBLE_ASSET_REFS_NOT_FOUND',
    'PairedFungibleAssetRefs resource does not exist.',
  );
}

/** `TypeInfo` from its REST JSON. */
function typeInfoValue(info: Record<string, string>): Value {
  const bytes = (hex: string | undefined) => Array.from(fromHex(hex ?? '0x'));
  return [
    must(parseAddress(info.account_address ?? '')),
    bytes(info.module_name),
    bytes(info.struct_name),
  ];
}

export const coinPairedFunctions: NativeFunction[] = [
  fn(
    'paired_metadata',
    { params: [], returns: [`0x1::option::Option<${METADATA}>`], typeParams: T0, isView: true },
    (host, tys) => {
      const metadata = pairedMetadata(host.session.ctx, coinTypeOf(tys));
      return [metadata === null ? none() : some(object(metadata))];
    },
  ),
  fn(
    'paired_coin',
    {
      params: [METADATA],
      returns: ['0x1::option::Option<0x1::type_info::TypeInfo>'],
      isView: true,
    },
    (host, _t, [metadata]) => {
      const info = pairedCoin(host.session.ctx, objectAddress(metadata as Value));
      return [info === null ? none() : some(typeInfoValue(info))];
    },
  ),
  // The map exists from genesis on a node, so for the framework's signer this changes nothing.
  fn('create_coin_conversion_map', { params: ['&signer'], isEntry: true }, (_h, _t, [account]) => {
    assertFramework(account as Value);
    return [];
  }),
  fn(
    'create_pairing',
    { params: ['&signer'], typeParams: T0, isEntry: true },
    (host, tys, [account]) => {
      assertFramework(account as Value);
      ensurePairedMetadata(host, coinTypeOf(tys));
      return [];
    },
  ),
  fn(
    'coin_to_fungible_asset',
    {
      params: ['0x1::coin::Coin<T0>'],
      returns: ['0x1::fungible_asset::FungibleAsset'],
      typeParams: T0,
    },
    (host, tys, [coin]) => {
      const amount = fieldsOf(coin as Value)[0] as bigint;
      return [[object(coinToAsset(host, coinTypeOf(tys), amount)), amount]];
    },
  ),
  fn(
    'convert_and_take_paired_burn_ref',
    {
      params: ['0x1::coin::BurnCapability<T0>'],
      returns: ['0x1::fungible_asset::BurnRef'],
      typeParams: T0,
    },
    (host, tys) => [takeRef(host, coinTypeOf(tys), 'burn')],
  ),
  fn(
    'burn_from',
    { params: ['address', 'u64', '&0x1::coin::BurnCapability<T0>'], typeParams: T0 },
    (host, tys, [account, amount]) => {
      if (amount === 0n) return [];
      const coinType = coinTypeOf(tys);
      const [metadata, present] = pairedRefs(host, coinType, 'burn');
      if (!present) abortIn(COIN, ...REF_NOT_FOUND.burn);
      burnFromPrimary(host, account as LongAddress, metadata, amount as bigint);
      return [];
    },
  ),
  ...refFunctions,
];
