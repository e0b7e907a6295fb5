/**
 * "Replay on a fork" (issue 34) against a stand-in for the embedded chain's fork control and the
 * fork's re-execution: identical, different, a pruned upstream, and "try a fix" with more gas,
 * other arguments or another sender, each kept as a run; keyboard only.
 */
import {
  Account,
  AccountAddress,
  ChainId,
  Deserializer,
  Ed25519PrivateKey,
  EntryFunction,
  RawTransaction,
  SignedTransaction,
  SimpleTransaction,
  TransactionAuthenticatorSingleSender,
  TransactionPayloadEntryFunction,
  TypeTagAddress,
  TypeTagU64,
  U64,
  type TransactionPayloadEntryFunction as EntryPayload,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchRun } from '../../../machines';
import { ForkReplayPanel } from '../../../src/features/forkReplay';
import { forkQueries } from '../../../src/features/forkReplay/forkQueries';
import { presetNetworks } from '../../../src/network/networks';
import { factsOf } from '../../../replay/resimulate';
import { createTestQueryClient, render, screen, userEvent, within } from '../../test-utils/render';

const CHAIN = 'http://127.0.0.1:8080';
const FORK = 'http://127.0.0.1:40001';
const alice = Account.fromPrivateKey({ privateKey: new Ed25519PrivateKey(`0x${'11'.repeat(32)}`) });

const committed = {
  type: 'user_transaction',
  version: '42',
  hash: `0x${'ab'.repeat(32)}`,
  sender: alice.accountAddress.toStringLong(),
  sequence_number: '3',
  max_gas_amount: '2000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1700000000',
  gas_used: '7',
  success: false,
  vm_status: 'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins.',
  payload: {
    type: 'entry_function_payload',
    function: '0x1::aptos_account::transfer',
    type_arguments: [],
    arguments: ['0xb0b', '900000000'],
  },
  events: [{ type: '0x1::transaction_fee::FeeStatement', data: { total_charge_gas_units: '7' } }],
  changes: [
    {
      type: 'write_resource',
      address: alice.accountAddress.toStringLong(),
      data: { type: '0x1::account::Account', data: { sequence_number: '4' } },
    },
  ],
  signature: { type: 'ed25519_signature', public_key: alice.publicKey.toString() },
} as unknown as UserTransactionResponse;

const forkEntry = {
  id: 'fork-1',
  url: `${CHAIN}/v1`,
  version: '42',
  rest: `${FORK}/v1`,
  chain_id: 4,
  progress: { requests: 8, bytes: 12_345, keys: 41 },
};

/** The signed bytes of the committed transaction, as the node answers them in BCS. */
function signedBytes(): Uint8Array {
  const raw = new RawTransaction(
    alice.accountAddress,
    3n,
    new TransactionPayloadEntryFunction(
      EntryFunction.build(
        '0x1::aptos_account',
        'transfer',
        [],
        [AccountAddress.from(`0x${'b0b'.padStart(64, '0')}`), new U64(900_000_000)],
      ),
    ),
    2000n,
    100n,
    1_700_000_000n,
    new ChainId(4),
  );
  const authenticator = alice.signTransactionWithAuthenticator(new SimpleTransaction(raw));
  return new SignedTransaction(
    raw,
    new TransactionAuthenticatorSingleSender(authenticator),
  ).bcsToBytes();
}

/** A query client that already holds the committed transaction (the SDK's read of the node). */
function withCommitted() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(forkQueries.committed(presetNetworks.local, '42').queryKey, committed);
  return { queryClient };
}

interface Chain {
  forks?: (body: unknown) => Response;
  reexecute: (body: { version: string; transaction?: string }) => Response;
  signed?: Uint8Array;
  /** The fork's accounts at version 41, by long address (absent: none there). */
  accounts?: Record<string, { sequence_number: string; authentication_key: string }>;
}

function stubChain(chain: Chain) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ url, body });
    if (url === `${CHAIN}/workbench/forks` && init?.method === 'POST')
      return chain.forks?.(body) ?? Response.json(forkEntry);
    if (url === `${CHAIN}/workbench/forks`) return Response.json([forkEntry]);
    const account =
      /^.*\/v1\/accounts\/(0x[0-9a-f]+)\/resource\/0x1::account::Account\?ledger_version=41$/.exec(
        url,
      );
    if (account !== null && url.startsWith(FORK)) {
      const data = chain.accounts?.[account[1] ?? ''];
      return data === undefined
        ? Response.json(
            { message: 'Resource not found', error_code: 'resource_not_found' },
            { status: 404 },
          )
        : Response.json({ type: '0x1::account::Account', data });
    }
    if (url === `${FORK}/workbench/reexecute`)
      return chain.reexecute(body as { version: string; transaction?: string });
    if (url.startsWith(`${CHAIN}/v1/transactions/by_version/42`)) {
      const accept = new Headers(init?.headers).get('accept') ?? '';
      if (accept.includes('bcs') && chain.signed !== undefined)
        return new Response(new Uint8Array(chain.signed), {
          headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' },
        });
      return Response.json(committed);
    }
    return new Response(JSON.stringify({ message: `unexpected ${url}` }), { status: 500 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const answer = (tx: object, native = '0x1::coin::transfer,0x1::event::emit') =>
  Response.json([tx], { headers: { 'x-workbench-native-framework': native } });

function store() {
  const putRun = vi.fn(async (_record: WorkbenchRun) => undefined);
  return { putRun };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Replay on a fork', () => {
  it('says "identical to the committed result", lists the native framework and keeps the run', async () => {
    const user = userEvent.setup();
    const calls = stubChain({ reexecute: () => answer(committed) });
    const runs = store();
    render(
      <ForkReplayPanel network={presetNetworks.local} version="42" store={runs} />,
      withCommitted(),
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Replay on a fork' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Identical to the committed result')).toBeInTheDocument();
    expect(calls.find((call) => call.url === `${CHAIN}/workbench/forks`)?.body).toEqual({
      url: `${CHAIN}/v1`,
      version: '42',
    });
    expect(calls.find((call) => call.url === `${FORK}/workbench/reexecute`)?.body).toEqual({
      version: '42',
    });
    const native = screen.getByRole('list', { name: 'Framework functions run natively' });
    expect(within(native).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText(/may differ from the upstream/)).toBeInTheDocument();
    expect(screen.getByText(/41 state values read in 8 requests \(12\.3 kB\)/)).toBeInTheDocument();
    await vi.waitFor(() => expect(runs.putRun).toHaveBeenCalledTimes(1));
    const run = runs.putRun.mock.calls[0]?.[0];
    expect(run?.forkReplay).toMatchObject({
      upstream: `${CHAIN}/v1`,
      forkVersion: '42',
      version: '42',
      mode: 'recorded',
      identical: true,
      nativeFramework: ['0x1::coin::transfer', '0x1::event::emit'],
    });
    expect(run?.network).toEqual({ name: 'local', chainId: 4, nodeUrl: `${CHAIN}/v1` });
    expect(run?.chain.version).toBe('42');
    expect(run?.draft.payload.function).toBe('0x1::aptos_account::transfer');
    expect(await screen.findByRole('link', { name: 'Open the replay in History' })).toHaveAttribute(
      'href',
      `#/history/${run?.id ?? ''}`,
    );
  });

  it('shows and keeps nothing until asked, even when the replay is cached (History opens it again)', async () => {
    const user = userEvent.setup();
    stubChain({ reexecute: () => answer(committed) });
    const { queryClient } = withCommitted();
    queryClient.setQueryData(
      forkQueries.fork(`${CHAIN}/v1`, `${CHAIN}/v1`, '42').queryKey,
      forkEntry,
    );
    queryClient.setQueryData(forkQueries.replay(`${FORK}/v1`, '42').queryKey, {
      transaction: committed,
      facts: factsOf(committed),
      nativeFramework: [],
    });
    const runs = store();
    render(<ForkReplayPanel network={presetNetworks.local} version="42" store={runs} />, {
      queryClient,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Identical to the committed result')).toBeNull();
    expect(runs.putRun).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Replay on a fork' }));
    expect(await screen.findByText('Identical to the committed result')).toBeInTheDocument();
    await vi.waitFor(() => expect(runs.putRun).toHaveBeenCalledTimes(1));
  });

  it('shows each aspect that differs from what the network committed', async () => {
    const user = userEvent.setup();
    stubChain({ reexecute: () => answer({ ...committed, gas_used: '8' }, '') });
    render(
      <ForkReplayPanel network={presetNetworks.local} version="42" store={store()} />,
      withCommitted(),
    );
    await user.click(screen.getByRole('button', { name: 'Replay on a fork' }));
    expect(
      await screen.findByText(/^Differs from the committed result in gas used/),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Committed result and the replay on the fork',
    });
    const gas = within(table).getByRole('row', { name: /gas used/ });
    expect(within(gas).getByText('7')).toBeInTheDocument();
    expect(within(gas).getByText('8')).toBeInTheDocument();
    expect(screen.getByText(/No framework function ran natively/)).toBeInTheDocument();
  });

  it('names what a pruned upstream needs: an archive node or a newer version', async () => {
    const user = userEvent.setup();
    stubChain({
      forks: () =>
        Response.json(
          {
            message:
              'The upstream has pruned the state asked for. Fork at a newer version (its oldest is 90), or use an archive node, which keeps every version',
            error_code: 'version_pruned',
          },
          { status: 410 },
        ),
      reexecute: () => answer(committed),
    });
    render(
      <ForkReplayPanel network={presetNetworks.local} version="42" store={store()} />,
      withCommitted(),
    );
    await user.click(screen.getByRole('button', { name: 'Replay on a fork' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'That state is pruned: an archive node or a newer version is needed',
    );
    expect(alert).toHaveTextContent('its oldest is 90');
    expect(alert).toHaveTextContent('use an archive node (it keeps every version)');
  });

  it('tries the same transaction with more gas at the same state, kept as a retry of the replay', async () => {
    const user = userEvent.setup();
    const signed = signedBytes();
    const bodies: Array<{ version: string; transaction?: string }> = [];
    stubChain({
      signed,
      reexecute: (body) => {
        bodies.push(body);
        return body.transaction === undefined
          ? answer(committed)
          : answer({
              ...committed,
              success: true,
              vm_status: 'Executed successfully',
              gas_used: '9',
            });
      },
    });
    const runs = store();
    render(
      <ForkReplayPanel network={presetNetworks.local} version="42" store={runs} />,
      withCommitted(),
    );
    await user.click(screen.getByRole('button', { name: 'Replay on a fork' }));
    await screen.findByText('Identical to the committed result');
    await vi.waitFor(() => expect(runs.putRun).toHaveBeenCalledTimes(1));
    const maxGas = screen.getByRole('textbox', { name: /Max gas amount/ });
    expect(maxGas).toHaveValue('4000');
    await user.clear(maxGas);
    await user.type(maxGas, '5000{Enter}');
    expect(await screen.findByText('With max gas 5000: success')).toBeInTheDocument();
    const sent = bodies.find((body) => body.transaction !== undefined);
    const tx = SignedTransaction.deserialize(
      new Deserializer(Buffer.from((sent?.transaction ?? '').slice(2), 'hex')),
    );
    expect(sent?.version).toBe('42');
    expect(tx.raw_txn.max_gas_amount).toBe(5000n);
    expect(tx.raw_txn.sequence_number).toBe(3n);
    await vi.waitFor(() => expect(runs.putRun).toHaveBeenCalledTimes(2));
    const [replay, fix] = runs.putRun.mock.calls.map((call) => call[0]);
    expect(fix?.retryOf).toBe(replay?.id);
    expect(fix?.forkReplay).toMatchObject({
      mode: 'modified',
      changes: { maxGasAmount: '5000' },
      identical: false,
    });
    expect(fix?.state).toBe('committed');
    expect(screen.getByRole('button', { name: 'Compare the traces' })).toBeInTheDocument();
  });

  it('tries it with another argument, checked against the function’s ABI', async () => {
    const user = userEvent.setup();
    const bodies: Array<{ version: string; transaction?: string }> = [];
    stubChain({
      signed: signedBytes(),
      reexecute: (body) => {
        bodies.push(body);
        return body.transaction === undefined
          ? answer(committed)
          : answer({ ...committed, success: true, vm_status: 'Executed successfully' });
      },
    });
    const { queryClient } = withCommitted();
    queryClient.setQueryData(
      forkQueries.entryAbi(presetNetworks.local, '0x1::aptos_account::transfer').queryKey,
      { typeParameters: [], parameters: [new TypeTagAddress(), new TypeTagU64()] },
    );
    const runs = store();
    render(<ForkReplayPanel network={presetNetworks.local} version="42" store={runs} />, {
      queryClient,
    });
    await user.click(screen.getByRole('button', { name: 'Replay on a fork' }));
    await screen.findByText('Identical to the committed result');
    const args = screen.getByRole('textbox', { name: /Arguments \(JSON\)/ });
    expect(args).toHaveValue('["0xb0b","900000000"]');
    await user.clear(args);
    await user.paste('["0xb0b", "oops"');
    expect(screen.getByText('A JSON array, one value per argument')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-execute with these changes' })).toBeDisabled();
    await user.clear(args);
    await user.paste('["0xb0b", "1000"]');
    const maxGas = screen.getByRole('textbox', { name: /Max gas amount/ });
    await user.clear(maxGas);
    await user.type(maxGas, '2000');
    await user.click(screen.getByRole('button', { name: 'Re-execute with these changes' }));
    expect(await screen.findByText('With arguments ["0xb0b","1000"]: success')).toBeInTheDocument();
    const sent = bodies.find((body) => body.transaction !== undefined);
    const tx = SignedTransaction.deserialize(
      new Deserializer(Buffer.from((sent?.transaction ?? '').slice(2), 'hex')),
    );
    const entry = (tx.raw_txn.payload as EntryPayload).entryFunction;
    expect(entry.function_name.identifier).toBe('transfer');
    expect(entry.args[1]?.bcsToBytes()).toEqual(new U64(1000).bcsToBytes());
    await vi.waitFor(() => expect(runs.putRun).toHaveBeenCalledTimes(2));
    const fix = runs.putRun.mock.calls[1]?.[0];
    expect(fix?.forkReplay?.changes).toEqual({ functionArguments: ['0xb0b', '1000'] });
    expect(fix?.draft.payload.functionArguments).toEqual(['0xb0b', '1000']);
  });

  describe('from another sender', () => {
    const carol = `0x${'c4'.repeat(32)}`;

    async function replayed(chain: Partial<Chain> = {}) {
      const user = userEvent.setup();
      const bodies: Array<{ version: string; transaction?: string }> = [];
      stubChain({
        signed: signedBytes(),
        accounts: { [carol]: { sequence_number: '12', authentication_key: carol } },
        ...chain,
        reexecute: (body) => {
          bodies.push(body);
          return body.transaction === undefined
            ? answer(committed)
            : answer({
                ...committed,
                sender: carol,
                success: true,
                vm_status: 'Executed successfully',
                gas_used: '9',
                events: [],
                changes: [],
              });
        },
      });
      const runs = store();
      render(
        <ForkReplayPanel network={presetNetworks.local} version="42" store={runs} />,
        withCommitted(),
      );
      await user.click(screen.getByRole('button', { name: 'Replay on a fork' }));
      await screen.findByText('Identical to the committed result');
      const sender = screen.getByRole('textbox', { name: /Another sender/ });
      return { user, bodies, runs, sender };
    }

    it('refuses an address the app cannot read, saying what to type', async () => {
      const { user, sender } = await replayed();
      await user.type(sender, 'c4');
      expect(sender).toHaveAttribute('aria-invalid', 'true');
      expect(sender).toHaveAccessibleDescription(/Sender "c4" must start with 0x: type 0xc4\./);
      expect(screen.getByRole('button', { name: 'Re-execute with these changes' })).toBeDisabled();
    });

    it('says when the sender had no account at that state, and sends nothing', async () => {
      const { user, bodies, runs, sender } = await replayed({ accounts: {} });
      await user.type(sender, '0xdead{Enter}');
      const alert = (await screen.findByText('That sender had no account at that state')).closest(
        '[role="alert"]',
      );
      expect(alert).toHaveTextContent(
        `0x${'dead'.padStart(64, '0')} has no account at version 41, the state the fix runs on.`,
      );
      expect(bodies.filter((body) => body.transaction !== undefined)).toHaveLength(0);
      expect(runs.putRun).toHaveBeenCalledTimes(1);
    });

    it('sends the same payload from it with its sequence number at that state, kept as a run', async () => {
      const { user, bodies, runs, sender } = await replayed();
      await user.type(sender, `${carol.toUpperCase().replace('0X', '0x')}{Enter}`);
      expect(
        await screen.findByText(
          'With max gas 4000 and sender 0xc4c4…c4c4 (sequence number 12): success',
        ),
      ).toBeInTheDocument();
      const sent = bodies.find((body) => body.transaction !== undefined);
      const tx = SignedTransaction.deserialize(
        new Deserializer(Buffer.from((sent?.transaction ?? '').slice(2), 'hex')),
      );
      expect(tx.raw_txn.sender.toStringLong()).toBe(carol);
      expect(tx.raw_txn.sequence_number).toBe(12n);
      expect(tx.raw_txn.payload.bcsToHex().toString()).toBe(
        SignedTransaction.deserialize(new Deserializer(signedBytes()))
          .raw_txn.payload.bcsToHex()
          .toString(),
      );
      // The fix's balance changes are charged to Carol.
      const table = screen.getByRole('table', { name: 'Committed result and the fix' });
      expect(within(table).getByRole('row', { name: /balance changes/ })).toHaveTextContent(carol);
      await vi.waitFor(() => expect(runs.putRun).toHaveBeenCalledTimes(2));
      const fix = runs.putRun.mock.calls[1]?.[0];
      expect(fix?.forkReplay?.changes).toEqual({
        maxGasAmount: '4000',
        sender: carol,
        sequenceNumber: '12',
      });
      expect(fix?.draft.sender).toBe(carol);
      expect(fix?.draft.options.sequenceNumber).toBe('12');
      expect(screen.getByRole('button', { name: 'Compare the traces' })).toBeInTheDocument();
    });
  });
});
