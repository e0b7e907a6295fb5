// `0x1::multisig_account`, natively: the framework's on-chain multisig accounts (a resource account
// whose `MultisigAccount` resource lists owners, a signature threshold and a table of pending
// transactions). This file is the module's ABI and its entry and view functions; the state and
// creation are in `framework/multisig/accounts.ts`, the transaction flow and the VM's side of a
// `Multisig` payload in `framework/multisig/transactions.ts` (called by
// `executor/multisigPayload.ts`).
import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { MoveVal } from '../../executor/moveValues.ts';
import { entry, view } from '../abi.ts';
import { FRAMEWORK_ADDRESS, readAccount } from '../assets.ts';
import type { NativeContext, NativeFunction, NativeModule } from '../context.ts';
import { abort } from '../context.ts';
import {
  assertValidSequence,
  borrowMultisig,
  borrowTransaction,
  counts,
  createWithOwners,
  installMultisig,
  MAX_PENDING_TRANSACTIONS,
  MULTISIG,
  multisigErrors,
  nextMultisigAddress,
  requireMultisig,
  voteOf,
  writeMultisig,
  ZERO_AUTH_KEY,
  bumpHandle,
  emitBoth,
  metadataJson,
} from '../multisig/accounts.ts';
import {
  addTransaction,
  canExecute,
  executeRejected,
  updateOwnerSchema,
  vote,
} from '../multisig/transactions.ts';
import { MULTISIG_STRUCTS } from '../multisig/structs.ts';
import { CREATE_WITH_EXISTING, CREATION_MESSAGES } from '../multisig/existing.ts';
import { TIMELOCK_FUNCTIONS } from '../multisig/timelock.ts';
import { MULTISIG_STRUCT_VIEWS } from '../multisig/views.ts';

// ---------------------------------------------------------------------------------------------
// The module's ABI

const A = (value: MoveVal | undefined) => must(value) as LongAddress;
const U = (value: MoveVal | undefined) => must(value) as bigint;
const signerOf = (ctx: NativeContext) => must(ctx.signers[0]);
const CREATE_PARAMS = ['vector<0x1::string::String>', 'vector<vector<u8>>'];

/** A private `entry fun` (callable as a transaction, not from other modules). */
function privateEntry(
  name: string,
  params: string[],
  run: NonNullable<NativeFunction['run']>,
): NativeFunction {
  return { ...entry(name, params, run), visibility: 'private' };
}

function multisigView(
  name: string,
  params: string[],
  returns: string[],
  run: (ctx: NativeContext, args: MoveVal[]) => MoveVal[],
): NativeFunction {
  return view(name, params, returns, (ctx, _t, args) => run(ctx, args));
}

function pendingFor(ctx: NativeContext, multisig: LongAddress, sequence: bigint) {
  const account = borrowMultisig(ctx, multisig);
  assertValidSequence(account, sequence);
  return { account, txn: borrowTransaction(ctx, account, sequence) };
}

export const multisigAccountModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'multisig_account',
  friends: [],
  structs: [...MULTISIG_STRUCTS, ...CREATION_MESSAGES],
  functions: [
    ...CREATE_WITH_EXISTING,
    entry('create', ['&signer', 'u64', ...CREATE_PARAMS], (ctx, _t, [required, keys, values]) => {
      createWithOwners(
        ctx,
        signerOf(ctx),
        [],
        U(required),
        keys as string[],
        values as Uint8Array[],
      );
      return [];
    }),
    entry(
      'create_with_owners',
      ['&signer', 'vector<address>', 'u64', ...CREATE_PARAMS],
      (ctx, _t, [owners, required, keys, values]) => {
        createWithOwners(
          ctx,
          signerOf(ctx),
          owners as LongAddress[],
          U(required),
          keys as string[],
          values as Uint8Array[],
        );
        return [];
      },
    ),
    privateEntry(
      'create_with_existing_account_call',
      ['&signer', 'vector<address>', 'u64', ...CREATE_PARAMS],
      (ctx, _t, [owners, required, keys, values]) => {
        const address = signerOf(ctx);
        const existing = readAccount(ctx, address);
        installMultisig(
          ctx,
          address,
          existing,
          owners as LongAddress[],
          U(required),
          keys as string[],
          values as Uint8Array[],
          {
            signerCap: false,
          },
        );
        return [];
      },
    ),
    privateEntry(
      'create_with_existing_account_and_revoke_auth_key_call',
      ['&signer', 'vector<address>', 'u64', ...CREATE_PARAMS],
      (ctx, _t, [owners, required, keys, values]) => {
        const address = signerOf(ctx);
        const existing = readAccount(ctx, address);
        installMultisig(
          ctx,
          address,
          existing,
          owners as LongAddress[],
          U(required),
          keys as string[],
          values as Uint8Array[],
          {
            authenticationKey: ZERO_AUTH_KEY,
            revokeOffers: true,
            signerCap: false,
          },
        );
        return [];
      },
    ),
    entry(
      'create_with_owners_then_remove_bootstrapper',
      ['&signer', 'vector<address>', 'u64', ...CREATE_PARAMS],
      (ctx, _t, [owners, required, keys, values]) => {
        const bootstrapper = signerOf(ctx);
        const multisig = createWithOwners(
          ctx,
          bootstrapper,
          owners as LongAddress[],
          U(required),
          keys as string[],
          values as Uint8Array[],
        );
        updateOwnerSchema(ctx, multisig, [], [bootstrapper], null);
        return [];
      },
    ),
    entry(
      'create_transaction',
      ['&signer', 'address', 'vector<u8>'],
      (ctx, _t, [multisig, payload]) => {
        const bytes = must(payload) as Uint8Array;
        if (bytes.length === 0) abort(MULTISIG, multisigErrors.emptyPayload);
        const owner = signerOf(ctx);
        addTransaction(ctx, A(multisig), owner, {
          payload: bytes,
          payloadHash: null,
          votes: [],
          creator: owner,
          creationTimeSecs: ctx.timestampMicros / 1_000_000n,
        });
        return [];
      },
    ),
    entry(
      'create_transaction_with_hash',
      ['&signer', 'address', 'vector<u8>'],
      (ctx, _t, [multisig, hash]) => {
        const bytes = must(hash) as Uint8Array;
        if (bytes.length !== 32) abort(MULTISIG, multisigErrors.invalidPayloadHash);
        const owner = signerOf(ctx);
        addTransaction(ctx, A(multisig), owner, {
          payload: null,
          payloadHash: bytes,
          votes: [],
          creator: owner,
          creationTimeSecs: ctx.timestampMicros / 1_000_000n,
        });
        return [];
      },
    ),
    entry('approve_transaction', ['&signer', 'address', 'u64'], (ctx, _t, [multisig, seq]) => {
      vote(ctx, signerOf(ctx), A(multisig), U(seq), true);
      return [];
    }),
    entry('reject_transaction', ['&signer', 'address', 'u64'], (ctx, _t, [multisig, seq]) => {
      vote(ctx, signerOf(ctx), A(multisig), U(seq), false);
      return [];
    }),
    ...['vote_transanction', 'vote_transaction'].map((name) =>
      entry(name, ['&signer', 'address', 'u64', 'bool'], (ctx, _t, [multisig, seq, approved]) => {
        vote(ctx, signerOf(ctx), A(multisig), U(seq), approved as boolean);
        return [];
      }),
    ),
    entry(
      'vote_transactions',
      ['&signer', 'address', 'u64', 'u64', 'bool'],
      (ctx, _t, [multisig, start, final, approved]) => {
        for (let seq = U(start); seq <= U(final); seq += 1n)
          vote(ctx, signerOf(ctx), A(multisig), seq, approved as boolean);
        return [];
      },
    ),
    entry('execute_rejected_transaction', ['&signer', 'address'], (ctx, _t, [multisig]) => {
      executeRejected(ctx, signerOf(ctx), A(multisig));
      return [];
    }),
    entry(
      'execute_rejected_transactions',
      ['&signer', 'address', 'u64'],
      (ctx, _t, [multisig, final]) => {
        const account = requireMultisig(ctx, A(multisig));
        if (!(account.lastExecuted < U(final) && U(final) < account.next))
          abort(MULTISIG, multisigErrors.invalidSequenceNumber);
        while (requireMultisig(ctx, A(multisig)).lastExecuted < U(final))
          executeRejected(ctx, signerOf(ctx), A(multisig));
        return [];
      },
    ),
    // Self-updates: private entry functions the multisig account calls through its own transactions.
    privateEntry('add_owner', ['&signer', 'address'], (ctx, _t, [owner]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [A(owner)], [], null);
      return [];
    }),
    privateEntry('add_owners', ['&signer', 'vector<address>'], (ctx, _t, [owners]) => {
      updateOwnerSchema(ctx, signerOf(ctx), owners as LongAddress[], [], null);
      return [];
    }),
    privateEntry(
      'add_owners_and_update_signatures_required',
      ['&signer', 'vector<address>', 'u64'],
      (ctx, _t, [owners, required]) => {
        updateOwnerSchema(ctx, signerOf(ctx), owners as LongAddress[], [], U(required));
        return [];
      },
    ),
    privateEntry('remove_owner', ['&signer', 'address'], (ctx, _t, [owner]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [], [A(owner)], null);
      return [];
    }),
    privateEntry('remove_owners', ['&signer', 'vector<address>'], (ctx, _t, [owners]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [], owners as LongAddress[], null);
      return [];
    }),
    privateEntry('swap_owner', ['&signer', 'address', 'address'], (ctx, _t, [inn, out]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [A(inn)], [A(out)], null);
      return [];
    }),
    privateEntry(
      'swap_owners',
      ['&signer', 'vector<address>', 'vector<address>'],
      (ctx, _t, [inn, out]) => {
        updateOwnerSchema(ctx, signerOf(ctx), inn as LongAddress[], out as LongAddress[], null);
        return [];
      },
    ),
    privateEntry(
      'swap_owners_and_update_signatures_required',
      ['&signer', 'vector<address>', 'vector<address>', 'u64'],
      (ctx, _t, [inn, out, required]) => {
        updateOwnerSchema(
          ctx,
          signerOf(ctx),
          inn as LongAddress[],
          out as LongAddress[],
          U(required),
        );
        return [];
      },
    ),
    privateEntry('update_signatures_required', ['&signer', 'u64'], (ctx, _t, [required]) => {
      updateOwnerSchema(ctx, signerOf(ctx), [], [], U(required));
      return [];
    }),
    privateEntry('update_metadata', ['&signer', ...CREATE_PARAMS], (ctx, _t, [keys, values]) => {
      const multisig = signerOf(ctx);
      const account = requireMultisig(ctx, multisig);
      const old = account.data.metadata ?? { data: [] };
      const metadata = metadataJson(keys as string[], values as Uint8Array[]);
      account.data = { ...account.data, metadata };
      bumpHandle(account, 'metadata_updated_events');
      writeMultisig(ctx, multisig, account);
      emitBoth(ctx, 'MetadataUpdated', multisig, { old_metadata: old, new_metadata: metadata });
      return [];
    }),
    // Views.
    multisigView(
      'available_transaction_queue_capacity',
      ['address'],
      ['u64'],
      (ctx, [multisig]) => {
        const account = borrowMultisig(ctx, A(multisig));
        const pending = account.next - account.lastExecuted - 1n;
        return [pending > MAX_PENDING_TRANSACTIONS ? 0n : MAX_PENDING_TRANSACTIONS - pending];
      },
    ),
    multisigView('can_be_executed', ['address', 'u64'], ['bool'], (ctx, [multisig, seq]) => {
      const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
      const [approvals] = counts(account, txn);
      return [U(seq) === account.lastExecuted + 1n && approvals >= account.numSignaturesRequired];
    }),
    multisigView('can_be_rejected', ['address', 'u64'], ['bool'], (ctx, [multisig, seq]) => {
      const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
      const [, rejections] = counts(account, txn);
      return [U(seq) === account.lastExecuted + 1n && rejections >= account.numSignaturesRequired];
    }),
    multisigView(
      'can_execute',
      ['address', 'address', 'u64'],
      ['bool'],
      (ctx, [owner, multisig, seq]) => {
        const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
        return [canExecute(account, A(owner), U(seq), txn)];
      },
    ),
    multisigView(
      'can_reject',
      ['address', 'address', 'u64'],
      ['bool'],
      (ctx, [owner, multisig, seq]) => {
        const { account, txn } = pendingFor(ctx, A(multisig), U(seq));
        let [, rejections] = counts(account, txn);
        if (voteOf(txn, A(owner)) !== false) rejections += 1n;
        return [
          account.owners.includes(A(owner)) &&
            U(seq) === account.lastExecuted + 1n &&
            rejections >= account.numSignaturesRequired,
        ];
      },
    ),
    multisigView(
      'get_next_multisig_account_address',
      ['address'],
      ['address'],
      (ctx, [creator]) => [nextMultisigAddress(ctx, A(creator))],
    ),
    multisigView(
      'get_next_transaction_payload',
      ['address', 'vector<u8>'],
      ['vector<u8>'],
      (ctx, [multisig, provided]) => {
        const account = borrowMultisig(ctx, A(multisig));
        const txn = borrowTransaction(ctx, account, account.lastExecuted + 1n);
        return [txn.payload ?? (must(provided) as Uint8Array)];
      },
    ),
    multisigView('is_owner', ['address', 'address'], ['bool'], (ctx, [owner, multisig]) => [
      borrowMultisig(ctx, A(multisig)).owners.includes(A(owner)),
    ]),
    multisigView('last_resolved_sequence_number', ['address'], ['u64'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).lastExecuted,
    ]),
    multisigView('next_sequence_number', ['address'], ['u64'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).next,
    ]),
    multisigView('num_signatures_required', ['address'], ['u64'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).numSignaturesRequired,
    ]),
    multisigView('owners', ['address'], ['vector<address>'], (ctx, [multisig]) => [
      borrowMultisig(ctx, A(multisig)).owners,
    ]),
    multisigView(
      'vote',
      ['address', 'u64', 'address'],
      ['bool', 'bool'],
      (ctx, [multisig, seq, owner]) => {
        const { txn } = pendingFor(ctx, A(multisig), U(seq));
        const cast = voteOf(txn, A(owner));
        return [cast !== null, cast === true];
      },
    ),
    ...MULTISIG_STRUCT_VIEWS,
    ...TIMELOCK_FUNCTIONS,
  ],
};
