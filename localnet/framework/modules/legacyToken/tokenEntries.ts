/** `0x3::token`'s entry functions and the public functions that change state (token.move). */
import type { LongAddress } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { copyValue } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import type { NativeFunction } from '../../context.ts';
import {
  emitEvent,
  fieldsOf,
  none,
  resourceExists,
  signerAddress,
  some,
  updateResource,
} from '../../vmState.ts';
import {
  burn,
  CD,
  checkUri,
  collectionData,
  createCollection,
  createTokenData,
  depositToken,
  directDeposit,
  directTransferAllowed,
  initializeTokenStore,
  merge,
  mint,
  mutateOneToken,
  tokenDataId,
  tokenIdRaw,
  tokenMutability,
  withdrawInternal,
} from './core.ts';
import { mutateTokenData, tokenDataMutators } from './tokenMutators.ts';
import {
  check,
  fail,
  STRING,
  sub,
  TOKEN_DATA_ID,
  TOKEN_ID,
  TOKEN_STORE,
  TOKEN_T,
  versionOf,
  WITHDRAW_CAPABILITY,
} from './shared.ts';
import { emptyMap } from './propertyMap.ts';

const S = STRING;
const SIGNER = '&signer';
const PROPERTIES = [`vector<${S}>`, 'vector<vector<u8>>', `vector<${S}>`];
const COLLECTION_PARAMS = [SIGNER, S, S, S, 'u64', 'vector<bool>'];
const TOKENDATA_PARAMS = [SIGNER, S, S, S, 'u64', S, 'address', 'u64', 'u64'];
const storeEvent = (name: string) => `0x3::token_event_store::${name}`;

const who = (signer: Value): LongAddress => signerAddress(signer);
const token = (v: Value): Value[] => v as Value[];

/** `abort 0`: a node names it from the error map (code 0 is `EALREADY_HAS_BALANCE`). */
const removed = (): never => fail('none', 'EALREADY_HAS_BALANCE');

/** `mutate_collection_*`: the collection's field after its checks, and the mutation event. */
function mutateCollection(
  field: 'description' | 'uri' | 'maximum',
  eventName: string,
): NativeFunction {
  const type = field === 'maximum' ? 'u64' : S;
  return fn(`mutate_collection_${field}`, { params: [SIGNER, S, type] }, (host, _t, args) => {
    const [signer, name, value] = args as [Value, Value, Value];
    if (field === 'uri') checkUri(value);
    const creator = who(signer);
    const data = collectionData(host, creator, name);
    if (field === 'maximum') {
      check(data[CD.maximum] !== 0n && value !== 0n, 'invalidArgument', 'EINVALID_MAXIMUM');
      check(
        (value as bigint) >= (data[CD.supply] as bigint),
        'invalidArgument',
        'EINVALID_MAXIMUM',
      );
    }
    const flag = { description: 0, uri: 1, maximum: 2 }[field];
    check(
      fieldsOf(data[CD.mutability] as Value)[flag] === true,
      'permissionDenied',
      'EFIELD_NOT_MUTABLE',
    );
    emitEvent(
      host,
      storeEvent(eventName),
      copyValue([creator, name, data[CD[field]] as Value, value]),
    );
    data[CD[field]] = copyValue(value);
    return [];
  });
}

export const TOKEN_ENTRIES: NativeFunction[] = [
  fn('create_collection_script', { params: COLLECTION_PARAMS, isEntry: true }, (host, _t, args) => {
    createCollection(host, who(args[0] as Value), args.slice(1) as Value[]);
    return [];
  }),
  fn(
    'create_token_script',
    {
      params: [
        SIGNER,
        S,
        S,
        S,
        'u64',
        'u64',
        S,
        'address',
        'u64',
        'u64',
        'vector<bool>',
        ...PROPERTIES,
      ],
      isEntry: true,
    },
    (host, _t, args) => {
      const [signer, collection, name, description, balance, ...rest] = args as Value[];
      const account = who(signer as Value);
      const config = tokenMutability(rest[5] as Value);
      const dataId = createTokenData(host, account, [
        collection as Value,
        name as Value,
        description as Value,
        ...(rest.slice(0, 5) as Value[]),
        config,
        ...(rest.slice(6) as Value[]),
      ]);
      depositToken(host, account, mint(host, account, dataId, balance as Value));
      return [];
    },
  ),
  fn(
    'mint_script',
    { params: [SIGNER, 'address', S, S, 'u64'], isEntry: true },
    (host, _t, [signer, creator, collection, name, amount]) => {
      const account = who(signer as Value);
      const dataId = tokenDataId(creator as Value, collection as Value, name as Value);
      check(creator === account, 'permissionDenied', 'ENO_MINT_CAPABILITY');
      depositToken(host, account, mint(host, account, dataId, amount as Value));
      return [];
    },
  ),
  fn(
    'mutate_token_properties',
    { params: [SIGNER, 'address', 'address', S, S, 'u64', 'u64', ...PROPERTIES], isEntry: true },
    (host, _t, args) => {
      const [signer, owner, creator, collection, name, version, amount, ...changes] =
        args as Value[];
      const account = who(signer as Value);
      check(account === creator, 'notFound', 'ENO_MUTATE_CAPABILITY');
      const tokenId = tokenIdRaw(
        creator as Value,
        collection as Value,
        name as Value,
        version as Value,
      );
      for (let i = 0n; i < (amount as bigint); i += 1n) {
        mutateOneToken(host, account, owner as LongAddress, tokenId, changes);
      }
      return [];
    },
  ),
  fn(
    'direct_transfer_script',
    { params: [SIGNER, SIGNER, 'address', S, S, 'u64', 'u64'], isEntry: true },
    (host, _t, [sender, receiver, creator, collection, name, version, amount]) => {
      const tokenId = tokenIdRaw(
        creator as Value,
        collection as Value,
        name as Value,
        version as Value,
      );
      const moved = withdrawInternal(host, who(sender as Value), tokenId, amount as Value);
      depositToken(host, who(receiver as Value), moved);
      return [];
    },
  ),
  fn(
    'opt_in_direct_transfer',
    { params: [SIGNER, 'bool'], isEntry: true },
    (host, _t, [signer, optIn]) => {
      const account = who(signer as Value);
      initializeTokenStore(host, account);
      updateResource(host, account, TOKEN_STORE, (store) => {
        store[1] = optIn as Value;
      });
      emitEvent(host, storeEvent('OptInTransfer'), [account, optIn as Value]);
      return [];
    },
  ),
  fn(
    'transfer_with_opt_in',
    { params: [SIGNER, 'address', S, S, 'u64', 'address', 'u64'], isEntry: true },
    (host, _t, [from, creator, collection, name, version, to, amount]) => {
      const tokenId = tokenIdRaw(
        creator as Value,
        collection as Value,
        name as Value,
        version as Value,
      );
      transfer(host, who(from as Value), tokenId, to as LongAddress, amount as Value);
      return [];
    },
  ),
  ...(['burn_by_creator', 'burn'] as const).map((name) =>
    fn(
      name,
      { params: [SIGNER, 'address', S, S, 'u64', 'u64'], isEntry: true },
      (host, _t, [signer, address, collection, tokenName, version, amount]) => {
        check((amount as bigint) > 0n, 'invalidArgument', 'ENO_BURN_TOKEN_WITH_ZERO_AMOUNT');
        const account = who(signer as Value);
        // burn: `address` is the creator; burn_by_creator: the owner, the signer the creator.
        const creator = name === 'burn' ? (address as Value) : account;
        const owner = name === 'burn' ? account : (address as LongAddress);
        const tokenId = tokenIdRaw(
          creator,
          collection as Value,
          tokenName as Value,
          version as Value,
        );
        burn(host, name === 'burn' ? 'owner' : 'creator', owner, tokenId, amount as Value);
        return [];
      },
    ),
  ),
  mutateCollection('description', 'CollectionDescriptionMutate'),
  mutateCollection('uri', 'CollectionUriMutate'),
  mutateCollection('maximum', 'CollectionMaximumMutate'),
  ...tokenDataMutators,
  fn(
    'mutate_tokendata_property',
    { params: [SIGNER, TOKEN_DATA_ID, ...PROPERTIES] },
    (host, _t, [signer, dataId, keys, values, types]) => {
      mutateTokenData(
        host,
        who(signer as Value),
        dataId as Value,
        [keys, values, types] as Value[],
      );
      return [];
    },
  ),
  fn(
    'mutate_one_token',
    { params: [SIGNER, 'address', TOKEN_ID, ...PROPERTIES], returns: [TOKEN_ID] },
    (host, _t, [signer, owner, tokenId, ...changes]) => [
      mutateOneToken(
        host,
        who(signer as Value),
        owner as LongAddress,
        tokenId as Value,
        changes as Value[],
      ),
    ],
  ),
  fn('deposit_token', { params: [SIGNER, TOKEN_T] }, (host, _t, [signer, value]) => {
    depositToken(host, who(signer as Value), token(value as Value));
    return [];
  }),
  fn('direct_deposit_with_opt_in', { params: ['address', TOKEN_T] }, (host, _t, [owner, value]) => {
    const allowed = directTransferAllowed(host, owner as LongAddress);
    check(allowed, 'permissionDenied', 'EUSER_NOT_OPT_IN_DIRECT_TRANSFER');
    directDeposit(host, owner as LongAddress, token(value as Value));
    return [];
  }),
  fn(
    'direct_transfer',
    { params: [SIGNER, SIGNER, TOKEN_ID, 'u64'] },
    (host, _t, [sender, receiver, tokenId, amount]) => {
      const moved = withdrawInternal(host, who(sender as Value), tokenId as Value, amount as Value);
      depositToken(host, who(receiver as Value), moved);
      return [];
    },
  ),
  fn('initialize_token_store', { params: [SIGNER] }, (host, _t, [signer]) => {
    initializeTokenStore(host, who(signer as Value));
    return [];
  }),
  fn('merge', { params: [`&mut ${TOKEN_T}`, TOKEN_T] }, (_h, _t, [dst, source]) => {
    merge(fieldsOf(dst as Value), token(source as Value));
    return [];
  }),
  fn(
    'split',
    { params: [`&mut ${TOKEN_T}`, 'u64'], returns: [TOKEN_T] },
    (_h, _t, [dst, amount]) => {
      const fields = fieldsOf(dst as Value);
      check(versionOf(fields[0] as Value) === 0n, 'invalidState', 'ENFT_NOT_SPLITABLE');
      check(
        (fields[1] as bigint) > (amount as bigint),
        'invalidArgument',
        'ETOKEN_SPLIT_AMOUNT_LARGER_OR_EQUAL_TO_TOKEN_AMOUNT',
      );
      check((amount as bigint) > 0n, 'invalidArgument', 'ETOKEN_CANNOT_HAVE_ZERO_AMOUNT');
      fields[1] = sub(fields[1] as Value, amount as Value);
      return [[copyValue(fields[0] as Value), amount as Value, emptyMap()]];
    },
  ),
  fn(
    'transfer',
    { params: [SIGNER, TOKEN_ID, 'address', 'u64'] },
    (host, _t, [from, id, to, amount]) => {
      transfer(host, who(from as Value), id as Value, to as LongAddress, amount as Value);
      return [];
    },
  ),
  fn(
    'create_withdraw_capability',
    { params: [SIGNER, TOKEN_ID, 'u64', 'u64'], returns: [WITHDRAW_CAPABILITY] },
    (_h, _t, [owner, tokenId, amount, expiration]) => [
      [who(owner as Value), tokenId as Value, amount as Value, expiration as Value],
    ],
  ),
  fn(
    'withdraw_with_capability',
    { params: [WITHDRAW_CAPABILITY], returns: [TOKEN_T] },
    (host, _t, [capability]) => {
      const [owner, tokenId, amount, expiration] = capability as Value[];
      checkNotExpired(host.session.ctx.timestampMicros, expiration as bigint);
      return [withdrawInternal(host, owner as LongAddress, tokenId as Value, amount as Value)];
    },
  ),
  fn(
    'partial_withdraw_with_capability',
    {
      params: [WITHDRAW_CAPABILITY, 'u64'],
      returns: [TOKEN_T, `0x1::option::Option<${WITHDRAW_CAPABILITY}>`],
    },
    (host, _t, [capability, amount]) => {
      const [owner, tokenId, total, expiration] = capability as Value[];
      checkNotExpired(host.session.ctx.timestampMicros, expiration as bigint);
      check(
        (amount as bigint) <= (total as bigint),
        'invalidArgument',
        'EINSUFFICIENT_WITHDRAW_CAPABILITY_AMOUNT',
      );
      const rest =
        amount === total
          ? none()
          : some([
              owner as Value,
              copyValue(tokenId as Value),
              sub(total as Value, amount as Value),
              expiration as Value,
            ]);
      return [
        withdrawInternal(host, owner as LongAddress, tokenId as Value, amount as Value),
        rest,
      ];
    },
  ),
  fn(
    'withdraw_token',
    { params: [SIGNER, TOKEN_ID, 'u64'], returns: [TOKEN_T] },
    (host, _t, [signer, tokenId, amount]) => [
      withdrawInternal(host, who(signer as Value), tokenId as Value, amount as Value),
    ],
  ),
  fn('create_collection', { params: COLLECTION_PARAMS }, (host, _t, args) => {
    createCollection(host, who(args[0] as Value), args.slice(1) as Value[]);
    return [];
  }),
  fn(
    'create_tokendata',
    {
      params: [...TOKENDATA_PARAMS, '0x3::token::TokenMutabilityConfig', ...PROPERTIES],
      returns: [TOKEN_DATA_ID],
    },
    (host, _t, [signer, ...rest]) => [createTokenData(host, who(signer as Value), rest as Value[])],
  ),
  fn(
    'mint_token',
    { params: [SIGNER, TOKEN_DATA_ID, 'u64'], returns: [TOKEN_ID] },
    (host, _t, [signer, dataId, amount]) => {
      const account = who(signer as Value);
      const minted = mint(host, account, dataId as Value, amount as Value);
      const tokenId = copyValue(minted[0] as Value);
      depositToken(host, account, minted);
      return [tokenId];
    },
  ),
  fn(
    'mint_token_to',
    { params: [SIGNER, 'address', TOKEN_DATA_ID, 'u64'] },
    (host, _t, [signer, receiver, dataId, amount]) => {
      const to = receiver as LongAddress;
      check(resourceExists(host, to, TOKEN_STORE), 'notFound', 'ETOKEN_STORE_NOT_PUBLISHED');
      check(
        directTransferAllowed(host, to),
        'permissionDenied',
        'EUSER_NOT_OPT_IN_DIRECT_TRANSFER',
      );
      directDeposit(host, to, mint(host, who(signer as Value), dataId as Value, amount as Value));
      return [];
    },
  ),
  fn('initialize_token_script', { params: [SIGNER], isEntry: true }, removed),
  fn('initialize_token', { params: [SIGNER, TOKEN_ID] }, removed),
];

/** `transfer`: to an account that opted in to direct transfers. */
function transfer(
  host: NativeHost,
  from: LongAddress,
  tokenId: Value,
  to: LongAddress,
  amount: Value,
): void {
  check(directTransferAllowed(host, to), 'permissionDenied', 'EUSER_NOT_OPT_IN_DIRECT_TRANSFER');
  directDeposit(host, to, withdrawInternal(host, from, tokenId, amount));
}

/** `timestamp::now_seconds() <= expiration_sec`. */
function checkNotExpired(nowMicros: bigint, expiration: bigint): void {
  check(nowMicros / 1_000_000n <= expiration, 'invalidArgument', 'EWITHDRAW_PROOF_EXPIRES');
}
