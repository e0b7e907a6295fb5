// `0x1::multisig_account` on the VM's own values: the framework's on-chain multisig accounts (a
// resource account whose `MultisigAccount` resource lists owners, a signature threshold and a
// table of pending transactions). This file declares the module and its entry functions, in the
// order and with the checks of multisig_account.move; the views are in `framework/multisig/views.ts`,
// the state in `framework/multisig/accounts.ts`, the transaction flow and the VM's side of a
// `Multisig` payload in `framework/multisig/transactions.ts` (called by
// `executor/multisigPayload.ts`).
import type { LongAddress } from '../../encoding.ts';
import type { NativeHost, NativeImpl } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn } from '../abi.ts';
import { FRAMEWORK_ADDRESS, readAccount } from '../assets.ts';
import type { NativeFunction, NativeModule } from '../context.ts';
import { abort } from '../context.ts';
import {
  assertMetadataLengths,
  borrowMultisig,
  createWithOwners,
  installMultisig,
  metadataJson,
  MULTISIG,
  multisigErrors,
  requireMultisig,
  writeMultisig,
  ZERO_AUTH_KEY,
  emitMultisigEvent,
} from '../multisig/accounts.ts';
import { CREATE_WITH_EXISTING, CREATION_MESSAGES } from '../multisig/existing.ts';
import { MULTISIG_STRUCTS } from '../multisig/structs.ts';
import { TIMELOCK_FUNCTIONS } from '../multisig/timelock.ts';
import {
  addTransaction,
  executeRejected,
  updateOwnerSchema,
  vote,
} from '../multisig/transactions.ts';
import { MULTISIG_VIEWS } from '../multisig/views.ts';
import {
  addressArg,
  addressesArg,
  bytesArg,
  bytesVectorArg,
  stringsArg,
  u64Arg,
} from '../multisig/values.ts';
import { signerAddress } from '../vmState.ts';

const CREATE_PARAMS = ['vector<0x1::string::String>', 'vector<vector<u8>>'];

/** An `entry fun` whose first parameter is `&signer`; `impl` gets its address and the rest. */
function entryFn(
  name: string,
  params: string[],
  impl: (host: NativeHost, signer: LongAddress, args: Value[]) => void,
  visibility: NativeFunction['visibility'] = 'public',
): NativeFunction {
  const native: NativeImpl = (host, _tyArgs, [signer, ...args]) => {
    impl(host, signerAddress(signer as Value), args);
    return [];
  };
  return fn(name, { params: ['&signer', ...params], isEntry: true, visibility }, native);
}

/** A private `entry fun` (a transaction's, or the multisig account's own through its payloads). */
const privateEntry = (
  name: string,
  params: string[],
  impl: (host: NativeHost, signer: LongAddress, args: Value[]) => void,
) => entryFn(name, params, impl, 'private');

/** `update_owner_schema(address_of(multisig_account), …)` for the self-updates. */
const selfUpdate = (
  name: string,
  params: string[],
  change: (args: Value[]) => [LongAddress[], LongAddress[], bigint | null],
) =>
  privateEntry(name, params, (host, multisig, args) =>
    updateOwnerSchema(host.session.ctx, multisig, ...change(args)),
  );

/** `create_with_existing_account(_and_revoke_auth_key)_call`: the signer's account made multisig. */
const existingAccountCall = (name: string, revoke: boolean) =>
  privateEntry(
    name,
    ['vector<address>', 'u64', ...CREATE_PARAMS],
    (host, address, [owners, required, keys, values]) => {
      const ctx = host.session.ctx;
      installMultisig(
        ctx,
        address,
        readAccount(ctx, address),
        addressesArg(owners),
        u64Arg(required),
        stringsArg(keys),
        bytesVectorArg(values),
        revoke
          ? { authenticationKey: ZERO_AUTH_KEY, revokeOffers: true, signerCap: false }
          : { signerCap: false },
      );
    },
  );

/** `create_transaction` / `create_transaction_with_hash`: the argument's check, then add_transaction. */
function createTransaction(
  host: NativeHost,
  owner: LongAddress,
  multisig: LongAddress,
  stored: { payload: Uint8Array | null; payloadHash: Uint8Array | null },
): void {
  addTransaction(host, multisig, owner, {
    ...stored,
    votes: [],
    creator: owner,
    creationTimeSecs: host.session.ctx.timestampMicros / 1_000_000n,
  });
}

const ENTRY_FUNCTIONS: NativeFunction[] = [
  entryFn('create', ['u64', ...CREATE_PARAMS], (host, owner, [required, keys, values]) => {
    createWithOwners(
      host.session.ctx,
      owner,
      [],
      u64Arg(required),
      stringsArg(keys),
      bytesVectorArg(values),
    );
  }),
  entryFn(
    'create_with_owners',
    ['vector<address>', 'u64', ...CREATE_PARAMS],
    (host, owner, [owners, required, keys, values]) => {
      createWithOwners(
        host.session.ctx,
        owner,
        addressesArg(owners),
        u64Arg(required),
        stringsArg(keys),
        bytesVectorArg(values),
      );
    },
  ),
  existingAccountCall('create_with_existing_account_call', false),
  existingAccountCall('create_with_existing_account_and_revoke_auth_key_call', true),
  entryFn(
    'create_with_owners_then_remove_bootstrapper',
    ['vector<address>', 'u64', ...CREATE_PARAMS],
    (host, bootstrapper, [owners, required, keys, values]) => {
      const ctx = host.session.ctx;
      const multisig = createWithOwners(
        ctx,
        bootstrapper,
        addressesArg(owners),
        u64Arg(required),
        stringsArg(keys),
        bytesVectorArg(values),
      );
      updateOwnerSchema(ctx, multisig, [], [bootstrapper], null);
    },
  ),
  entryFn('create_transaction', ['address', 'vector<u8>'], (host, owner, [multisig, payload]) => {
    const bytes = bytesArg(payload);
    if (bytes.length === 0) abort(MULTISIG, multisigErrors.emptyPayload);
    createTransaction(host, owner, addressArg(multisig), { payload: bytes, payloadHash: null });
  }),
  entryFn(
    'create_transaction_with_hash',
    ['address', 'vector<u8>'],
    (host, owner, [multisig, hash]) => {
      const bytes = bytesArg(hash);
      if (bytes.length !== 32) abort(MULTISIG, multisigErrors.invalidPayloadHash);
      createTransaction(host, owner, addressArg(multisig), { payload: null, payloadHash: bytes });
    },
  ),
  entryFn('approve_transaction', ['address', 'u64'], (host, owner, [multisig, seq]) =>
    vote(host, owner, addressArg(multisig), u64Arg(seq), true),
  ),
  entryFn('reject_transaction', ['address', 'u64'], (host, owner, [multisig, seq]) =>
    vote(host, owner, addressArg(multisig), u64Arg(seq), false),
  ),
  // vote_transaction is vote_transanction behind MULTISIG_V2_ENHANCEMENT, on at genesis.
  ...['vote_transanction', 'vote_transaction'].map((name) =>
    entryFn(name, ['address', 'u64', 'bool'], (host, owner, [multisig, seq, approved]) =>
      vote(host, owner, addressArg(multisig), u64Arg(seq), approved === true),
    ),
  ),
  entryFn(
    'vote_transactions',
    ['address', 'u64', 'u64', 'bool'],
    (host, owner, [multisig, start, final, approved]) => {
      for (let seq = u64Arg(start); seq <= u64Arg(final); seq += 1n)
        vote(host, owner, addressArg(multisig), seq, approved === true);
    },
  ),
  entryFn('execute_rejected_transaction', ['address'], (host, owner, [multisig]) =>
    executeRejected(host, owner, addressArg(multisig)),
  ),
  entryFn(
    'execute_rejected_transactions',
    ['address', 'u64'],
    (host, owner, [multisigArg, finalArg]) => {
      const multisig = addressArg(multisigArg);
      const final = u64Arg(finalArg);
      // last_resolved_sequence_number / next_sequence_number: borrow_global (MISSING_DATA).
      const ctx = host.session.ctx;
      if (!(borrowMultisig(ctx, multisig).lastExecuted < final))
        abort(MULTISIG, multisigErrors.invalidSequenceNumber);
      if (!(final < borrowMultisig(ctx, multisig).next))
        abort(MULTISIG, multisigErrors.invalidSequenceNumber);
      while (borrowMultisig(ctx, multisig).lastExecuted < final)
        executeRejected(host, owner, multisig);
    },
  ),
  // Self-updates: private entry functions the multisig account calls through its own transactions.
  selfUpdate('add_owner', ['address'], ([owner]) => [[addressArg(owner)], [], null]),
  selfUpdate('add_owners', ['vector<address>'], ([owners]) => [addressesArg(owners), [], null]),
  selfUpdate(
    'add_owners_and_update_signatures_required',
    ['vector<address>', 'u64'],
    ([owners, required]) => [addressesArg(owners), [], u64Arg(required)],
  ),
  selfUpdate('remove_owner', ['address'], ([owner]) => [[], [addressArg(owner)], null]),
  selfUpdate('remove_owners', ['vector<address>'], ([owners]) => [[], addressesArg(owners), null]),
  selfUpdate('swap_owner', ['address', 'address'], ([into, out]) => [
    [addressArg(into)],
    [addressArg(out)],
    null,
  ]),
  selfUpdate('swap_owners', ['vector<address>', 'vector<address>'], ([into, out]) => [
    addressesArg(into),
    addressesArg(out),
    null,
  ]),
  selfUpdate(
    'swap_owners_and_update_signatures_required',
    ['vector<address>', 'vector<address>', 'u64'],
    ([into, out, required]) => [addressesArg(into), addressesArg(out), u64Arg(required)],
  ),
  selfUpdate('update_signatures_required', ['u64'], ([required]) => [[], [], u64Arg(required)]),
  privateEntry('update_metadata', CREATE_PARAMS, (host, multisig, [keysArg, valuesArg]) => {
    const keys = stringsArg(keysArg);
    const values = bytesVectorArg(valuesArg);
    assertMetadataLengths(keys, values);
    const ctx = host.session.ctx;
    const account = requireMultisig(ctx, multisig);
    const old = account.data.metadata ?? { data: [] };
    const metadata = metadataJson(keys, values);
    account.data = { ...account.data, metadata };
    writeMultisig(ctx, multisig, account);
    emitMultisigEvent(ctx, 'MetadataUpdated', multisig, {
      old_metadata: old,
      new_metadata: metadata,
    });
  }),
];

export const multisigAccountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'multisig_account',
  friends: [],
  structs: [...MULTISIG_STRUCTS, ...CREATION_MESSAGES],
  functions: [
    ...CREATE_WITH_EXISTING,
    ...ENTRY_FUNCTIONS,
    ...MULTISIG_VIEWS,
    ...TIMELOCK_FUNCTIONS,
  ],
};
