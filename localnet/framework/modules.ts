import type { LongAddress } from '../encoding.ts';
import { parseAddress, shortAddress, must } from '../encoding.ts';
import type { MoveVal } from '../executor/moveValues.ts';
import type { ResourceValue } from '../storage/types.ts';
import { resourceKey } from '../storage/types.ts';
import {
  adjustSupply,
  APT_METADATA_ADDRESS,
  aptBalance,
  APTOS_COIN_TYPE,
  depositApt,
  ensureAccount,
  FRAMEWORK_ADDRESS,
  primaryStoreAddress,
  readAccount,
  readSupply,
  withdrawApt,
} from './assets.ts';
import type { NativeContext, NativeFunction, NativeModule, StructAbi } from './context.ts';
import { abort, declared, ERROR_CATEGORY, MoveAbort, moduleError } from './context.ts';
import { ROOT_ADDRESS } from './root.ts';

type Run = NonNullable<NativeFunction['run']>;

function nativeFunction(
  kind: 'entry' | 'view',
  name: string,
  params: string[],
  returns: string[],
  run: Run,
  typeParams: string[][],
): NativeFunction {
  return {
    name,
    visibility: 'public',
    isEntry: kind === 'entry',
    isView: kind === 'view',
    typeParams: typeParams.map((constraints) => ({ constraints })),
    params,
    returns,
    run,
  };
}

function entry(name: string, params: string[], run: Run, typeParams: string[][] = []) {
  return nativeFunction('entry', name, params, [], run, typeParams);
}

function view(
  name: string,
  params: string[],
  returns: string[],
  run: Run,
  typeParams: string[][] = [],
) {
  return nativeFunction('view', name, params, returns, run, typeParams);
}

const eventHandle = (type: string) => `0x1::event::EventHandle<${type}>`;
const struct = (
  name: string,
  abilities: string[],
  fields: Array<[string, string]>,
  extra: Partial<StructAbi> = {},
): StructAbi => ({
  name,
  abilities,
  fields: fields.map(([fieldName, type]) => ({ name: fieldName, type })),
  ...extra,
});

const COIN = '0x1::coin';
const coinErrors = {
  insufficient: moduleError(
    ERROR_CATEGORY.invalidArgument,
    6n,
    'EINSUFFICIENT_BALANCE',
    'Not enough coins to complete transaction',
  ),
  notPublished: moduleError(
    ERROR_CATEGORY.notFound,
    2n,
    'ECOIN_INFO_NOT_PUBLISHED',
    '`CoinType` is not registered as a coin',
  ),
};

/** Native coins: only APT exists on this chain; any other coin type aborts like an unpublished coin. */
function requireApt(typeArgs: string[]): void {
  if (typeArgs[0] !== APTOS_COIN_TYPE) abort(COIN, coinErrors.notPublished);
}

const OBJECT = '0x1::object';
const objectErrors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    2n,
    'EOBJECT_DOES_NOT_EXIST',
    'An object does not exist at this address',
  ),
};

/** Only APT's metadata object `0xa` is a fungible asset here. */
function requireAptMetadata(metadata: MoveVal): void {
  if (metadata !== APT_METADATA_ADDRESS) abort(OBJECT, objectErrors.missing);
}

/** `aptos_account::transfer`: creates the recipient's account when missing, then moves APT. */
function transferApt(
  ctx: NativeContext,
  to: LongAddress,
  amount: bigint,
  insufficient?: () => never,
): void {
  const from = must(ctx.signers[0]);
  ensureAccount(ctx, to);
  withdrawApt(ctx, from, amount, insufficient);
  depositApt(ctx, to, amount);
}

const ACCOUNT = '0x1::account';
const accountErrors = {
  exists: moduleError(
    ERROR_CATEGORY.alreadyExists,
    1n,
    'EACCOUNT_ALREADY_EXISTS',
    'Account already exists',
  ),
};
const APTOS_ACCOUNT = '0x1::aptos_account';
const aptosAccountErrors = {
  lengths: moduleError(
    ERROR_CATEGORY.invalidArgument,
    5n,
    'EMISMATCHING_RECIPIENTS_AND_AMOUNTS_LENGTH',
    "The lengths of the recipients and amounts lists don't match.",
  ),
};
const APTOS_COIN = '0x1::aptos_coin';
const aptosCoinErrors = {
  noCapabilities: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ENO_CAPABILITIES',
    'Account does not have mint capability',
  ),
};

function batchTransfer(ctx: NativeContext, recipients: MoveVal, amounts: MoveVal): void {
  const to = recipients as LongAddress[];
  const values = amounts as bigint[];
  if (to.length !== values.length) abort(APTOS_ACCOUNT, aptosAccountErrors.lengths);
  to.forEach((recipient, i) => transferApt(ctx, recipient, must(values[i])));
}

const accountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'account',
  friends: [
    '0x1::aptos_account',
    '0x1::coin',
    '0x1::genesis',
    '0x1::multisig_account',
    '0x1::resource_account',
    '0x1::transaction_validation',
  ],
  structs: [
    struct(
      'Account',
      ['store', 'key'],
      [
        ['authentication_key', 'vector<u8>'],
        ['sequence_number', 'u64'],
        ['guid_creation_num', 'u64'],
        ['coin_register_events', eventHandle('0x1::account::CoinRegisterEvent')],
        ['key_rotation_events', eventHandle('0x1::account::KeyRotationEvent')],
        [
          'rotation_capability_offer',
          '0x1::account::CapabilityOffer<0x1::account::RotationCapability>',
        ],
        [
          'signer_capability_offer',
          '0x1::account::CapabilityOffer<0x1::account::SignerCapability>',
        ],
      ],
    ),
  ],
  functions: [
    view('exists_at', ['address'], ['bool'], (ctx, _t, [addr]) => [
      readAccount(ctx, addr as LongAddress) !== null,
    ]),
    view('get_sequence_number', ['address'], ['u64'], (ctx, _t, [addr]) => {
      const account = readAccount(ctx, addr as LongAddress);
      return [account === null ? 0n : BigInt(account.data.sequence_number as string)];
    }),
    view('get_authentication_key', ['address'], ['vector<u8>'], (ctx, _t, [addr]) => {
      const account = readAccount(ctx, addr as LongAddress);
      const key = account === null ? (addr as string) : (account.data.authentication_key as string);
      return [new Uint8Array(Buffer.from(key.slice(2), 'hex'))];
    }),
    declared('create_resource_address', ['&address', 'vector<u8>'], ['address']),
    declared('get_guid_next_creation_num', ['address'], ['u64'], { isView: true }),
  ],
};

const aptosAccountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'aptos_account',
  friends: [
    '0x1::genesis',
    '0x1::resource_account',
    '0x1::transaction_fee',
    '0x1::transaction_validation',
  ],
  structs: [
    struct(
      'DirectCoinTransferConfigUpdatedEvent',
      ['drop', 'store'],
      [['new_allow_direct_transfers', 'bool']],
    ),
    struct(
      'DirectTransferConfig',
      ['key'],
      [
        ['allow_arbitrary_coin_transfers', 'bool'],
        [
          'update_coin_transfer_events',
          eventHandle('0x1::aptos_account::DirectCoinTransferConfigUpdatedEvent'),
        ],
      ],
    ),
  ],
  functions: [
    declared('assert_account_exists', ['address']),
    declared('assert_account_is_registered_for_apt', ['address']),
    entry(
      'batch_transfer',
      ['&signer', 'vector<address>', 'vector<u64>'],
      (ctx, _t, [to, amounts]) => {
        batchTransfer(ctx, must(to), must(amounts));
        return [];
      },
    ),
    entry(
      'batch_transfer_coins',
      ['&signer', 'vector<address>', 'vector<u64>'],
      (ctx, typeArgs, [to, amounts]) => {
        requireApt(typeArgs);
        batchTransfer(ctx, must(to), must(amounts));
        return [];
      },
      [[]],
    ),
    view('can_receive_direct_coin_transfers', ['address'], ['bool'], () => [true]),
    entry('create_account', ['address'], (ctx, _t, [addr]) => {
      if (readAccount(ctx, addr as LongAddress) !== null) abort(ACCOUNT, accountErrors.exists);
      ensureAccount(ctx, addr as LongAddress);
      return [];
    }),
    entry('set_allow_direct_coin_transfers', ['&signer', 'bool'], () => []),
    entry('transfer', ['&signer', 'address', 'u64'], (ctx, _t, [to, amount]) => {
      transferApt(ctx, to as LongAddress, amount as bigint);
      return [];
    }),
    entry(
      'transfer_coins',
      ['&signer', 'address', 'u64'],
      (ctx, typeArgs, [to, amount]) => {
        requireApt(typeArgs);
        transferApt(ctx, to as LongAddress, amount as bigint);
        return [];
      },
      [[]],
    ),
  ],
};

const coinModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'coin',
  friends: ['0x1::aptos_coin', '0x1::genesis', '0x1::transaction_fee'],
  structs: [
    struct('Coin', ['store'], [['value', 'u64']], {
      typeParams: [{ constraints: [], is_phantom: true }],
    }),
    struct(
      'CoinInfo',
      ['key'],
      [
        ['name', '0x1::string::String'],
        ['symbol', '0x1::string::String'],
        ['decimals', 'u8'],
        ['supply', '0x1::option::Option<0x1::optional_aggregator::OptionalAggregator>'],
      ],
      { typeParams: [{ constraints: [], is_phantom: true }] },
    ),
  ],
  functions: [
    view(
      'balance',
      ['address'],
      ['u64'],
      (ctx, typeArgs, [owner]) => {
        requireApt(typeArgs);
        return [aptBalance(ctx, owner as LongAddress)];
      },
      [[]],
    ),
    view('decimals', [], ['u8'], (_c, typeArgs) => (requireApt(typeArgs), [8]), [[]]),
    view(
      'name',
      [],
      ['0x1::string::String'],
      (_c, typeArgs) => (requireApt(typeArgs), ['Aptos Coin']),
      [[]],
    ),
    view('symbol', [], ['0x1::string::String'], (_c, typeArgs) => (requireApt(typeArgs), ['APT']), [
      [],
    ]),
    view(
      'supply',
      [],
      ['0x1::option::Option<u128>'],
      (ctx, typeArgs) => {
        requireApt(typeArgs);
        return [[readSupply(ctx)]];
      },
      [[]],
    ),
    view(
      'is_account_registered',
      ['address'],
      ['bool'],
      (_c, typeArgs) => [typeArgs[0] === APTOS_COIN_TYPE],
      [[]],
    ),
    view('is_coin_initialized', [], ['bool'], (_c, typeArgs) => [typeArgs[0] === APTOS_COIN_TYPE], [
      [],
    ]),
    view(
      'paired_metadata',
      [],
      ['0x1::option::Option<0x1::object::Object<0x1::fungible_asset::Metadata>>'],
      (_c, typeArgs) => [typeArgs[0] === APTOS_COIN_TYPE ? [APT_METADATA_ADDRESS] : []],
      [[]],
    ),
    entry('register', ['&signer'], (_c, typeArgs) => (requireApt(typeArgs), []), [[]]),
    entry(
      'transfer',
      ['&signer', 'address', 'u64'],
      (ctx, typeArgs, [to, amount]) => {
        requireApt(typeArgs);
        transferApt(ctx, to as LongAddress, amount as bigint, () =>
          abort(COIN, coinErrors.insufficient),
        );
        return [];
      },
      [[]],
    ),
  ],
};

const aptosCoinModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'aptos_coin',
  friends: ['0x1::genesis'],
  structs: [
    struct('AptosCoin', ['key'], [['dummy_field', 'bool']]),
    struct(
      'MintCapStore',
      ['key'],
      [['mint_cap', '0x1::coin::MintCapability<0x1::aptos_coin::AptosCoin>']],
    ),
  ],
  functions: [
    entry('mint', ['&signer', 'address', 'u64'], (ctx, _t, [to, amount]) => {
      if (ctx.signers[0] !== ROOT_ADDRESS) abort(APTOS_COIN, aptosCoinErrors.noCapabilities);
      ensureAccount(ctx, to as LongAddress);
      depositApt(ctx, to as LongAddress, amount as bigint);
      adjustSupply(ctx, amount as bigint);
      return [];
    }),
  ],
};

const OBJECT_T = '0x1::object::Object<T0>';
const primaryStoreModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'primary_fungible_store',
  friends: [],
  structs: [struct('DeriveRefPod', ['key'], [['metadata_derive_ref', '0x1::object::DeriveRef']])],
  functions: [
    view(
      'balance',
      ['address', OBJECT_T],
      ['u64'],
      (ctx, _t, [owner, metadata]) => {
        requireAptMetadata(must(metadata));
        return [aptBalance(ctx, owner as LongAddress)];
      },
      [['key']],
    ),
    view(
      'primary_store_address',
      ['address', OBJECT_T],
      ['address'],
      (_c, _t, [owner, metadata]) => {
        requireAptMetadata(must(metadata));
        return [primaryStoreAddress(owner as LongAddress)];
      },
      [['key']],
    ),
    view(
      'primary_store_exists',
      ['address', OBJECT_T],
      ['bool'],
      (ctx, _t, [owner, metadata]) => [
        metadata === APT_METADATA_ADDRESS &&
          ctx.get(
            resourceKey(
              primaryStoreAddress(owner as LongAddress),
              '0x1::fungible_asset::FungibleStore',
            ),
          ) !== null,
      ],
      [['key']],
    ),
    view('is_frozen', ['address', OBJECT_T], ['bool'], () => [false], [['key']]),
    entry(
      'transfer',
      ['&signer', OBJECT_T, 'address', 'u64'],
      (ctx, _t, [metadata, to, amount]) => {
        requireAptMetadata(must(metadata));
        withdrawApt(ctx, must(ctx.signers[0]), amount as bigint);
        depositApt(ctx, to as LongAddress, amount as bigint);
        return [];
      },
      [['key']],
    ),
  ],
};

const metadataView = (
  name: string,
  returns: string,
  value: (ctx: NativeContext) => MoveVal,
): NativeFunction =>
  view(
    name,
    [OBJECT_T],
    [returns],
    (ctx, _t, [metadata]) => (requireAptMetadata(must(metadata)), [value(ctx)]),
    [['key']],
  );

const fungibleAssetModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'fungible_asset',
  friends: [
    '0x1::aptos_account',
    '0x1::coin',
    '0x1::dispatchable_fungible_asset',
    '0x1::primary_fungible_store',
  ],
  structs: [
    struct(
      'Metadata',
      ['key'],
      [
        ['name', '0x1::string::String'],
        ['symbol', '0x1::string::String'],
        ['decimals', 'u8'],
        ['icon_uri', '0x1::string::String'],
        ['project_uri', '0x1::string::String'],
      ],
    ),
    struct(
      'FungibleStore',
      ['key'],
      [
        ['metadata', '0x1::object::Object<0x1::fungible_asset::Metadata>'],
        ['balance', 'u64'],
        ['frozen', 'bool'],
      ],
    ),
    struct(
      'Withdraw',
      ['drop', 'store'],
      [
        ['store', 'address'],
        ['amount', 'u64'],
      ],
      { isEvent: true },
    ),
    struct(
      'Deposit',
      ['drop', 'store'],
      [
        ['store', 'address'],
        ['amount', 'u64'],
      ],
      { isEvent: true },
    ),
  ],
  functions: [
    metadataView('name', '0x1::string::String', () => 'Aptos Coin'),
    metadataView('symbol', '0x1::string::String', () => 'APT'),
    metadataView('decimals', 'u8', () => 8),
    metadataView('supply', '0x1::option::Option<u128>', (ctx) => [readSupply(ctx)]),
    view(
      'balance',
      [OBJECT_T],
      ['u64'],
      (ctx, _t, [store]) => {
        const value = ctx.get(
          resourceKey(store as LongAddress, '0x1::fungible_asset::FungibleStore'),
        ) as ResourceValue | null;
        return [value === null ? 0n : BigInt(value.data.balance as string)];
      },
      [['key']],
    ),
    view('store_exists', ['address'], ['bool'], (ctx, _t, [store]) => [
      ctx.get(resourceKey(store as LongAddress, '0x1::fungible_asset::FungibleStore')) !== null,
    ]),
  ],
};

const chainIdModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'chain_id',
  friends: ['0x1::genesis'],
  structs: [struct('ChainId', ['key'], [['id', 'u8']])],
  functions: [view('get', [], ['u8'], (ctx) => [ctx.chainId])],
};

const timestampModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'timestamp',
  friends: ['0x1::block', '0x1::genesis'],
  structs: [struct('CurrentTimeMicroseconds', ['key'], [['microseconds', 'u64']])],
  functions: [
    view('now_microseconds', [], ['u64'], (ctx) => [ctx.timestampMicros]),
    view('now_seconds', [], ['u64'], (ctx) => [ctx.timestampMicros / 1_000_000n]),
  ],
};

const objectModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'object',
  friends: ['0x1::coin', '0x1::primary_fungible_store'],
  structs: [
    struct(
      'ObjectCore',
      ['key'],
      [
        ['guid_creation_num', 'u64'],
        ['owner', 'address'],
        ['allow_ungated_transfer', 'bool'],
        ['transfer_events', eventHandle('0x1::object::TransferEvent')],
      ],
    ),
    struct('Object', ['copy', 'drop', 'store'], [['inner', 'address']], {
      typeParams: [{ constraints: ['key'], is_phantom: true }],
    }),
  ],
  functions: [
    view('is_object', ['address'], ['bool'], (ctx, _t, [addr]) => [
      ctx.get(resourceKey(addr as LongAddress, '0x1::object::ObjectCore')) !== null,
    ]),
    view(
      'owner',
      [OBJECT_T],
      ['address'],
      (ctx, _t, [addr]) => {
        const core = ctx.get(
          resourceKey(addr as LongAddress, '0x1::object::ObjectCore'),
        ) as ResourceValue | null;
        if (core === null) abort(OBJECT, objectErrors.missing);
        return [must(parseAddress(core.data.owner as string))];
      },
      [['key']],
    ),
    declared('create_object_address', ['&address', 'vector<u8>'], ['address']),
  ],
};

const transactionFeeModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'transaction_fee',
  friends: ['0x1::block', '0x1::genesis', '0x1::transaction_validation'],
  structs: [
    struct(
      'FeeStatement',
      ['drop', 'store'],
      [
        ['total_charge_gas_units', 'u64'],
        ['execution_gas_units', 'u64'],
        ['io_gas_units', 'u64'],
        ['storage_fee_octas', 'u64'],
        ['storage_fee_refund_octas', 'u64'],
      ],
      { isEvent: true },
    ),
  ],
  functions: [],
};

/** The playground module's fixed address. */
export const PLAYGROUND_ADDRESS = must(parseAddress('0xcafe'));
const PLAYGROUND = `${shortAddress(PLAYGROUND_ADDRESS)}::playground`;
const playgroundErrors = {
  noValue: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'ENO_VALUE',
    'No value is stored at this address.',
  ),
  tooManyEvents: moduleError(
    ERROR_CATEGORY.outOfRange,
    2n,
    'ETOO_MANY_EVENTS',
    'At most 10,000 events per call.',
  ),
};
const STORED_TYPE = `${PLAYGROUND}::Stored`;

function storeAt(ctx: NativeContext, owner: LongAddress, value: bigint): void {
  ctx.write(resourceKey(owner, STORED_TYPE), {
    kind: 'resource',
    address: owner,
    type: STORED_TYPE,
    data: { value: value.toString() },
  });
}

/** Entry functions that rehearse failures offline; see localnet/README.md. */
const playgroundModule: NativeModule = {
  address: PLAYGROUND_ADDRESS,
  name: 'playground',
  friends: [],
  structs: [
    struct('Stored', ['key'], [['value', 'u64']]),
    struct('Ping', ['drop', 'store'], [['index', 'u64']], { isEvent: true }),
  ],
  functions: [
    entry('abort_with', ['&signer', 'u64'], (_c, _t, [code]) => {
      throw new MoveAbort(PLAYGROUND, code as bigint);
    }),
    entry('burn_gas', ['&signer', 'u64'], (ctx, _t, [units]) => {
      const total = units as bigint;
      // Charged in slices so a huge request stops at the first slice past max_gas_amount.
      for (let spent = 0n; spent < total; spent += 100_000n) {
        const slice = total - spent < 100_000n ? total - spent : 100_000n;
        ctx.charge(Number(slice) * 1_000_000);
      }
      return [];
    }),
    entry('emit_events', ['&signer', 'u64'], (ctx, _t, [count]) => {
      if ((count as bigint) > 10_000n) abort(PLAYGROUND, playgroundErrors.tooManyEvents);
      for (let i = 0n; i < (count as bigint); i += 1n) {
        ctx.charge(200_000);
        ctx.emit(`${PLAYGROUND}::Ping`, { index: i.toString() });
      }
      return [];
    }),
    entry('store_value', ['&signer', 'u64'], (ctx, _t, [value]) => {
      storeAt(ctx, must(ctx.signers[0]), value as bigint);
      return [];
    }),
    entry('store_value_both', ['&signer', '&signer', 'u64'], (ctx, _t, [value]) => {
      storeAt(ctx, must(ctx.signers[0]), value as bigint);
      storeAt(ctx, must(ctx.signers[1]), value as bigint);
      return [];
    }),
    view('get_value', ['address'], ['u64'], (ctx, _t, [owner]) => {
      const stored = ctx.get(
        resourceKey(owner as LongAddress, STORED_TYPE),
      ) as ResourceValue | null;
      if (stored === null) abort(PLAYGROUND, playgroundErrors.noValue);
      return [BigInt(stored.data.value as string)];
    }),
  ],
};

/** Every module the chain serves, natively implemented. */
export const MODULES: readonly NativeModule[] = [
  accountModule,
  aptosAccountModule,
  aptosCoinModule,
  chainIdModule,
  coinModule,
  fungibleAssetModule,
  objectModule,
  primaryStoreModule,
  timestampModule,
  transactionFeeModule,
  playgroundModule,
];

const byId = new Map(MODULES.map((module) => [`${module.address}::${module.name}`, module]));

export function findModule(address: LongAddress, name: string): NativeModule | undefined {
  return byId.get(`${address}::${name}`);
}

export function modulesAt(address: LongAddress): NativeModule[] {
  return MODULES.filter((module) => module.address === address);
}
