import { AccountAddress, type Aptos, type MoveFunction, type MoveModule } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAS, startLocalnet, type Localnet } from '../../../../localnet/index.ts';
import type * as CreateAptosModule from '../../../../src/aptos/createAptos';
import { networkStorageKey } from '../../../../src/network/NetworkContext';
import type { NetworkConfig } from '../../../../src/network/networks';
import { Composer } from '../../../../src/features/compose/composer';
import type { DraftResult } from '../../../../src/features/compose/composer';
import { composerStorageKey } from '../../../../src/features/compose/composer/composerForm';
import { render, screen, userEvent, waitFor, within } from '../../../test-utils/render';

const long = (hex: string) => `0x${hex.padStart(64, '0')}`;
const root = '0x7c2b0de70a35807cdf35628483457dc9e3c42c1ca2e0812b2cc38bc2291ad36a';
const sender = long('5e4d');

const entry = (name: string, params: string[], generics = 0): MoveFunction => ({
  name,
  visibility: 'public' as MoveFunction['visibility'],
  is_entry: true,
  is_view: false,
  generic_type_params: Array.from({ length: generics }, () => ({ constraints: [] })),
  params,
  return: [],
});
const moduleAbi = (address: string, name: string, fns: MoveFunction[]): MoveModule => ({
  address,
  name,
  friends: [],
  exposed_functions: fns,
  structs: [],
});

/**
 * A module the embedded chain does not have: it has no module publishing, and its framework has no
 * entry function taking every kind of Move argument. Only this ABI is added to the real client's
 * answer (see the mock below); everything else is read from the chain.
 */
const kitchenAddress = long('abc');
const kitchen = moduleAbi(kitchenAddress, 'kitchen', [
  entry(
    'everything',
    [
      '&signer',
      'bool',
      'u8',
      'vector<u8>',
      '0x1::string::String',
      '0x1::option::Option<u64>',
      '0x1::object::Object<T0>',
      'T0',
    ],
    1,
  ),
]);

/**
 * The real ts-sdk client against an in-process embedded chain (selected as a custom network, on
 * free ports). The one stand-in: `getAccountModules` for 0xabc answers the kitchen ABI above,
 * because the embedded chain cannot publish a module; every other call, and every other address,
 * goes to the chain.
 */
vi.mock('../../../../src/aptos/createAptos', async (importOriginal) => {
  const real = await importOriginal<typeof CreateAptosModule>();
  return {
    createAptos: (network: NetworkConfig) => {
      const client = real.createAptos(network);
      return new Proxy(client, {
        get(target, property, receiver) {
          if (property !== 'getAccountModules') return Reflect.get(target, property, receiver);
          return async (args: Parameters<Aptos['getAccountModules']>[0]) =>
            AccountAddress.from(args.accountAddress).toStringLong() === kitchenAddress
              ? [{ bytecode: '0xa11ceb0b', abi: kitchen }]
              : target.getAccountModules(args);
        },
      });
    },
  };
});

let localnet: Localnet;

beforeAll(async () => {
  // Default cadence: a fresh chain starts with its first 10 blocks, committed at once.
  localnet = await startLocalnet({ ephemeral: true, ports: 'auto' });
}, 30_000);
afterAll(async () => {
  await localnet.stop();
});

let results: DraftResult[];
const onDraft = (result: DraftResult) => results.push(result);
const last = () => results[results.length - 1];

beforeEach(() => {
  results = [];
  const custom: NetworkConfig = { kind: 'custom', fullnode: localnet.urls.rest };
  window.localStorage.setItem(networkStorageKey, JSON.stringify(custom));
});

function renderComposer(props: { sender?: string | null; disabled?: boolean } = {}) {
  return render(
    <Composer
      sender={props.sender === undefined ? sender : props.sender}
      disabled={props.disabled ?? false}
      onDraft={onDraft}
    />,
  );
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox', { name: label, hidden: true });
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

async function waitForDraft() {
  await waitFor(() => expect(last()?.ok).toBe(true));
  const result = last();
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result;
}

// Each test drives several Mantine comboboxes; jsdom is slow with them on a shared machine.
describe('Composer', { timeout: 20_000 }, () => {
  it('starts on a 0.1 APT transfer to the root account and reports the draft', async () => {
    renderComposer();
    const result = await waitForDraft();
    expect(result.draft).toEqual({
      sender,
      payload: {
        function: '0x1::aptos_account::transfer',
        typeArguments: [],
        functionArguments: [root, '10000000'],
      },
      options: { maxGasAmount: '200000', expirationSecs: 20, waitTimeoutSecs: 20 },
      kind: 'simple',
    });
    expect(result.signingMode).toBe('sign');
    expect(screen.getByRole('textbox', { name: /Argument 1: address/ })).toHaveValue(root);
    // The embedded chain's estimate when idle, read through the real client.
    expect(
      await screen.findByText(
        new RegExp(`node's estimate: ${GAS.estimate.regular} octas per gas unit`),
      ),
    ).toBeVisible();
  });

  it('asks for a wallet when there is no sender', async () => {
    renderComposer({ sender: null });
    await waitFor(() => expect(results.length).toBeGreaterThan(0));
    await screen.findByRole('textbox', { name: /Argument 1: address/ });
    const result = last();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual(['Connect a wallet to set the sender']);
  });

  it('offers only entry functions and builds a draft for the chosen one', async () => {
    const user = userEvent.setup();
    renderComposer();
    const address = screen.getByRole('combobox', { name: /Module address/ });
    await user.clear(address);
    await user.type(address, '0xcafe');
    await choose(user, 'Module', 'playground');
    await user.click(screen.getByRole('combobox', { name: 'Entry function' }));
    const listbox = await screen.findByRole('listbox', { name: 'Entry function', hidden: true });
    const names = within(listbox)
      .getAllByRole('option', { hidden: true })
      .map((option) => option.textContent);
    // The embedded chain's playground, in its order; get_value is a view, so it is not offered.
    expect(names).toEqual([
      'abort_with',
      'burn_gas',
      'emit_events',
      'store_value',
      'store_value_both',
    ]);
    await user.click(within(listbox).getByRole('option', { name: 'emit_events', hidden: true }));

    const count = await screen.findByRole('textbox', { name: /Argument 1: u64/ });
    await user.type(count, '3');
    const result = await waitForDraft();
    expect(result.draft.payload).toEqual({
      function: `${long('cafe')}::playground::emit_events`,
      typeArguments: [],
      functionArguments: ['3'],
    });
  });

  it('searches modules by name', async () => {
    const user = userEvent.setup();
    renderComposer();
    const module = screen.getByRole('combobox', { name: 'Module' });
    await waitFor(() => expect(module).toBeEnabled());
    await user.clear(module);
    await user.type(module, 'chain');
    const listbox = await screen.findByRole('listbox', { name: 'Module', hidden: true });
    const options = await within(listbox).findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['chain_id', 'chain_status']);
  });

  it('explains a bad module address and a module address with nothing published', async () => {
    const user = userEvent.setup();
    renderComposer();
    const address = screen.getByRole('combobox', { name: /Module address/ });
    await user.clear(address);
    await user.type(address, '0xnothex');
    expect(
      await screen.findByText(
        /^Module address "0xnothex" has "n", which is not a hex digit\. .*e\.g\. 0x1/,
      ),
    ).toBeVisible();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(last().ok).toBe(false);

    await user.clear(address);
    await user.type(address, '0xdead');
    // The embedded chain answers an empty module list for an address with nothing published.
    expect(
      await screen.findByText(
        'No modules are published at 0xdead. Try 0x1 or 0xcafe (the playground).',
      ),
    ).toBeVisible();
  });

  it('says so when the node cannot be reached for the modules', async () => {
    // Port 9 (discard) on loopback: nothing listens there, so the real client's request fails.
    const unreachable: NetworkConfig = { kind: 'custom', fullnode: 'http://127.0.0.1:9/v1' };
    window.localStorage.setItem(networkStorageKey, JSON.stringify(unreachable));
    renderComposer();
    expect(
      await screen.findByText(
        /^Could not load the modules at 0x1 from the Custom node at http:\/\/127\.0\.0\.1:9\/v1: it cannot be reached \(.+\)\. Check your connection, or pick another network in the header \(or correct the custom URL\)\.$/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  });

  it('fills the form from a template', async () => {
    const user = userEvent.setup();
    renderComposer();
    await waitForDraft();
    await choose(user, 'Template', 'Playground: abort with code 42');
    expect(screen.getByRole('combobox', { name: /Module address/ })).toHaveValue('0xcafe');
    expect(screen.getByRole('combobox', { name: 'Entry function' })).toHaveValue('abort_with');
    expect(await screen.findByRole('textbox', { name: /Argument 1: u64/ })).toHaveValue('42');
    await waitFor(() => {
      const result = last();
      expect(result.ok && result.draft.payload.function).toBe(
        `${long('cafe')}::playground::abort_with`,
      );
    });

    await choose(user, 'Template', 'Batch transfer: 0.1 APT and 0.2 APT');
    await waitFor(() => {
      const result = last();
      expect(result.ok && result.draft.payload.functionArguments).toEqual([
        [root, long('b0b')],
        ['10000000', '20000000'],
      ]);
    });
  });

  it('keeps showing the chosen template after a pick, and none once a field is edited', async () => {
    const user = userEvent.setup();
    renderComposer();
    await waitForDraft();
    const picker = screen.getByRole('combobox', { name: 'Template' });
    expect(picker).toHaveValue('APT transfer: 0.1 APT to the root account');
    await choose(user, 'Template', 'Playground: abort with code 42');
    expect(picker).toHaveValue('Playground: abort with code 42');
    const argument = await screen.findByRole('textbox', { name: /Argument 1: u64/ });
    await user.clear(argument);
    await user.type(argument, '7');
    expect(picker).toHaveValue('');
    expect(picker).toHaveAttribute('placeholder', 'Custom call (no template matches)');
  });

  it('shows each error inline, linked to its input, and keeps the draft back', async () => {
    const user = userEvent.setup();
    renderComposer();
    const amount = await screen.findByRole('textbox', { name: /Argument 2: u64/ });
    await user.clear(amount);
    await user.type(amount, '-1');
    const message = 'u64 must be a whole number from 0 to 18446744073709551615; got -1';
    expect(await screen.findByText(message)).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    const result = last();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([`Argument 2 (u64): ${message}`]);

    const maxGas = screen.getByRole('textbox', { name: 'Max gas (units)' });
    await user.clear(maxGas);
    await user.type(maxGas, 'lots');
    expect(
      await screen.findByText(/^Max gas: u64 must be a whole number .* got "lots"/),
    ).toBeVisible();
  });

  it('validates every kind of input of a generic function', async () => {
    const user = userEvent.setup();
    renderComposer();
    const address = screen.getByRole('combobox', { name: /Module address/ });
    await user.clear(address);
    await user.type(address, '0xabc');
    await choose(user, 'Module', 'kitchen');
    await choose(user, 'Entry function', 'everything');

    const typeArg = await screen.findByRole('textbox', { name: 'Type argument T0' });
    await user.type(typeArg, 'u65');
    await user.tab();
    expect(await screen.findByText(/T0 is not a Move type \('u65', unknown type\)/)).toBeVisible();
    expect(
      screen.getByText("This argument's type is T0: set type argument T0 to a valid type first."),
    ).toBeVisible();
    await user.clear(typeArg);
    await user.type(typeArg, 'u16');
    const generic = await screen.findByRole('textbox', { name: /Argument 7: T0 = u16/ });

    await choose(user, 'Argument 1: bool', 'true');
    await user.type(screen.getByRole('textbox', { name: /Argument 2: u8/ }), '256');
    expect(
      await screen.findByText('u8 must be a whole number from 0 to 255; got 256'),
    ).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: /Argument 2: u8/ }));
    await user.type(screen.getByRole('textbox', { name: /Argument 2: u8/ }), '7');

    const bytes = screen.getByRole('textbox', { name: /Argument 3: vector<u8>/ });
    await user.type(bytes, 'hi');
    expect(await screen.findByText(/vector<u8> in hex must start with 0x; got "hi"/)).toBeVisible();
    await user.click(screen.getByRole('switch', { name: /Argument 3: bytes as UTF-8 text/ }));

    await user.type(
      screen.getByRole('textbox', { name: /Argument 4: 0x1::string::String/ }),
      'a, b',
    );
    await user.type(
      screen.getByRole('textbox', { name: /Argument 6: 0x1::object::Object<T0>/ }),
      '0xa',
    );
    await user.type(generic, '65535');

    const result = await waitForDraft();
    expect(result.draft.payload).toEqual({
      function: `${long('abc')}::kitchen::everything`,
      typeArguments: ['u16'],
      functionArguments: [true, '7', ['104', '105'], 'a, b', null, long('a'), '65535'],
    });

    await user.type(
      screen.getByRole('textbox', { name: /Argument 5: 0x1::option::Option<u64>/ }),
      'x',
    );
    expect(
      await screen.findByText(/^Option: leave empty for none, or give a whole number/),
    ).toBeVisible();
    expect(last().ok).toBe(false);
  });

  it('keeps the form across a remount', async () => {
    const user = userEvent.setup();
    const first = renderComposer();
    const amount = await screen.findByRole('textbox', { name: /Argument 2: u64/ });
    await user.clear(amount);
    await user.type(amount, '777');
    await user.click(screen.getByRole('radio', { name: /Sign and submit/ }));
    const seq = screen.getByRole('textbox', { name: 'Sequence number override' });
    await user.type(seq, '5');
    first.unmount();
    expect(JSON.parse(window.localStorage.getItem(composerStorageKey) ?? '{}')).toMatchObject({
      arguments: [root, '777'],
      signingMode: 'signAndSubmit',
    });

    results = [];
    renderComposer();
    expect(await screen.findByRole('textbox', { name: /Argument 2: u64/ })).toHaveValue('777');
    const result = await waitForDraft();
    expect(result.signingMode).toBe('signAndSubmit');
    expect(result.draft.options.sequenceNumber).toBe('5');
    expect(result.draft.payload.functionArguments).toEqual([root, '777']);
  });

  it('falls back to the defaults when storage is corrupt', async () => {
    window.localStorage.setItem(composerStorageKey, '{"moduleAddress": 12, "arguments": [1,');
    renderComposer();
    const result = await waitForDraft();
    expect(result.draft.payload.function).toBe('0x1::aptos_account::transfer');
  });

  it('is read-only while disabled', async () => {
    renderComposer({ disabled: true });
    expect(await screen.findByRole('textbox', { name: /Argument 2: u64/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: /Module address/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Template' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Max gas (units)' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Sign, then submit/ })).toBeDisabled();
  });
});
