import { AccountAddress, createUserDerivedObjectAddress } from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { JsonValue } from '../../../machines';
import type { NetworkConfig } from '../../../src/network/networks';
import { assetQueries, type AssetMetadata } from '../../../src/queries/chainQueries';
import { AssetChangesTable } from '../../../src/features/transaction/AssetChangesTable';
import { assetChanges, balanceChanges } from '../../../replay/balanceChanges';
import { BalanceChangesTable } from '../../../src/features/transaction/BalanceChangesTable';
import { transactionBalanceChanges } from '../../../src/features/transaction/decode';
import fixtures from '../../fixtures/sdkResults.json';
import { createTestQueryClient, render } from '../../test-utils/render';

interface Committed {
  sender: string;
  gas_used: string;
  gas_unit_price: string;
  events: JsonValue[];
  changes: JsonValue[];
  payload: { arguments: string[] };
}

const committed = (fixtures['wait.committed'].produced as unknown as { output: Committed }).output;
const sender = '0x574ae70e8e02faafb3737228375291bbd062d5ffba892a86f44303be1400ae31';
const recipient = '0x6525ed7af97c2d080fcced132bb96f18acc75cbc4748f99f737c79c633e39b11';

describe('balanceChanges', () => {
  it('gives each account of a real transfer its change, the fee on the sender', () => {
    const changes = balanceChanges({
      events: committed.events,
      changes: committed.changes,
      sender: committed.sender,
      gasUsed: committed.gas_used,
      gasUnitPrice: committed.gas_unit_price,
      candidates: [committed.payload.arguments[0] ?? ''],
    });
    expect(changes).toEqual([
      {
        account: sender,
        ownerKnown: true,
        store: '0xabd1dbd99c9eda9123e6a5d2a5d21b90e76df0ade420d00e89a3c4f06b78aa8c',
        deltaOctas: '-121400',
        balanceAfter: '99878600',
        feeOctas: '120400',
        role: 'sender',
      },
      {
        account: recipient,
        ownerKnown: true,
        store: '0x7f5ec3e1e2b6fb3a30d11487c4a12662a557315078566d6361568cd2f660b978',
        deltaOctas: '1000',
        balanceAfter: '1000',
        feeOctas: '0',
        role: null,
      },
    ]);
  });

  it('finds the owner of a newly created store from its ObjectCore, without candidates', () => {
    const changes = balanceChanges({
      events: committed.events,
      changes: committed.changes,
      sender: committed.sender,
      gasUsed: committed.gas_used,
      gasUnitPrice: committed.gas_unit_price,
    });
    expect(changes.map((change) => [change.account, change.deltaOctas])).toEqual([
      [sender, '-121400'],
      [recipient, '1000'],
    ]);
  });

  it('charges only the fee when nothing moved (an abort)', () => {
    expect(
      balanceChanges({ events: [], changes: [], sender, gasUsed: '5', gasUnitPrice: '100' }),
    ).toEqual([expect.objectContaining({ account: sender, deltaOctas: '-500', feeOctas: '500' })]);
  });

  it('reads coin events by account and keeps unknown stores by address', () => {
    const changes = balanceChanges({
      events: [
        { type: '0x1::coin::CoinWithdraw', data: { account: '0xb0b', amount: '7' } },
        { type: '0x1::fungible_asset::Deposit', data: { store: '0x99', amount: '7' } },
      ],
      changes: [],
      sender: '0xb0b',
      gasUsed: '0',
      gasUnitPrice: '100',
    });
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: expect.stringMatching(/0b0b$/), deltaOctas: '-7' }),
        expect.objectContaining({
          account: expect.stringMatching(/099$/),
          ownerKnown: false,
          deltaOctas: '7',
        }),
      ]),
    );
  });

  it('ignores malformed events and amounts', () => {
    expect(
      balanceChanges({
        events: [
          null,
          'x',
          { type: '0x1::fungible_asset::Deposit', data: { store: '0x1', amount: '-3' } },
        ],
        changes: [null],
        sender,
        gasUsed: null,
        gasUnitPrice: null,
      }),
    ).toEqual([]);
  });
});

describe('a sponsored transaction: the fee payer on its own row', () => {
  const sponsor = `0x${'5907'.padStart(64, '0')}`;
  const storeOf = (owner: string) =>
    createUserDerivedObjectAddress(
      AccountAddress.from(owner),
      AccountAddress.from('0xa'),
    ).toStringLong();
  const events: JsonValue[] = [
    { type: '0x1::fungible_asset::Withdraw', data: { store: storeOf(sender), amount: '1000' } },
    { type: '0x1::fungible_asset::Deposit', data: { store: storeOf(recipient), amount: '1000' } },
  ];
  const sponsored = () =>
    balanceChanges({
      events,
      changes: [],
      sender,
      feePayer: sponsor,
      gasUsed: '5',
      gasUnitPrice: '100',
      candidates: [recipient],
    });

  it('charges the fee to the fee payer, not the sender, listed after the sender', () => {
    expect(
      sponsored().map(({ account, deltaOctas, feeOctas, role }) => ({
        account,
        deltaOctas,
        feeOctas,
        role,
      })),
    ).toEqual([
      { account: sender, deltaOctas: '-1000', feeOctas: '0', role: 'sender' },
      { account: sponsor, deltaOctas: '-500', feeOctas: '500', role: 'feePayer' },
      { account: recipient, deltaOctas: '1000', feeOctas: '0', role: null },
    ]);
  });

  it('reads the fee payer from a node transaction’s fee_payer_signature', () => {
    const changes = transactionBalanceChanges(
      {
        success: true,
        vm_status: 'Executed successfully',
        gas_used: '5',
        gas_unit_price: '100',
        sender,
        events,
        changes: [],
        signature: { type: 'fee_payer_signature', fee_payer_address: sponsor },
      },
      { candidates: [recipient] },
    );
    expect(changes.find((change) => change.role === 'feePayer')).toMatchObject({
      account: sponsor,
      feeOctas: '500',
    });
    expect(changes.find((change) => change.role === 'sender')?.feeOctas).toBe('0');
  });

  it('the table says the fee payer paid the fee', () => {
    render(<BalanceChangesTable changes={sponsored()} sender={sender} />);
    const rows = within(screen.getByRole('table', { name: 'Balance changes' })).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('(sender)');
    expect(rows[1]?.textContent).not.toContain('Paid the fee');
    expect(rows[2]?.textContent).toContain('(fee payer)');
    expect(rows[2]?.textContent).toContain('Paid the fee for the sender');
    expect(rows[2]?.textContent).toContain('500');
  });
});

describe('other assets: a fungible asset other than APT', () => {
  const USD = `0x${'f00d'.padStart(64, '0')}`;
  const storeOf = (owner: string, asset: string) =>
    createUserDerivedObjectAddress(
      AccountAddress.from(owner),
      AccountAddress.from(asset),
    ).toStringLong();
  const fungibleStore = (address: string, asset: string, balance: string): JsonValue => ({
    type: 'write_resource',
    address,
    data: {
      type: '0x1::fungible_asset::FungibleStore',
      data: { metadata: { inner: asset }, balance, frozen: false },
    },
  });
  // The sender sends 2.5 USD (6 decimals) to a recipient whose USD store is created on the way;
  // the sender's APT store pays the fee.
  const events: JsonValue[] = [
    {
      type: '0x1::fungible_asset::Withdraw',
      data: { store: storeOf(sender, USD), amount: '2500000' },
    },
    {
      type: '0x1::fungible_asset::Deposit',
      data: { store: storeOf(recipient, USD), amount: '2500000' },
    },
  ];
  const changes: JsonValue[] = [
    fungibleStore(storeOf(sender, '0xa'), '0xa', '99999500'),
    fungibleStore(storeOf(sender, USD), USD, '7500000'),
    {
      type: 'write_resource',
      address: storeOf(recipient, USD),
      data: { type: '0x1::object::ObjectCore', data: { owner: recipient } },
    },
    fungibleStore(storeOf(recipient, USD), USD, '2500000'),
  ];
  const args = { events, changes, sender, gasUsed: '5', gasUnitPrice: '100' };

  it('counts only the fee as APT: the new USD store is not read as an APT one', () => {
    expect(balanceChanges(args)).toEqual([
      expect.objectContaining({ account: sender, deltaOctas: '-500', feeOctas: '500' }),
    ]);
  });

  it('lists each account’s change of the other asset, with its owner and balance after', () => {
    expect(assetChanges(args)).toEqual([
      {
        account: sender,
        ownerKnown: true,
        store: storeOf(sender, USD),
        asset: USD,
        delta: '-2500000',
        balanceAfter: '7500000',
      },
      {
        account: recipient,
        ownerKnown: true,
        store: storeOf(recipient, USD),
        asset: USD,
        delta: '2500000',
        balanceAfter: '2500000',
      },
    ]);
  });

  it('finds an existing store’s owner among the candidates, else keeps the store', () => {
    const existing = changes.filter(
      (change) => (change as { data: { type: string } }).data.type !== '0x1::object::ObjectCore',
    );
    const without = assetChanges({ ...args, changes: existing });
    expect(without.find((change) => change.delta === '2500000')).toMatchObject({
      account: storeOf(recipient, USD),
      ownerKnown: false,
    });
    const withCandidate = assetChanges({ ...args, changes: existing, candidates: [recipient] });
    expect(withCandidate.find((change) => change.delta === '2500000')).toMatchObject({
      account: recipient,
      ownerKnown: true,
    });
  });

  it('reads a coin event of another coin type as that coin, not as APT', () => {
    const coinEvents: JsonValue[] = [
      {
        type: '0x1::coin::CoinWithdraw',
        data: { coin_type: '0xcafe::usd::USD', account: sender, amount: '40' },
      },
      {
        type: '0x1::coin::CoinDeposit',
        data: { coin_type: '0x1::aptos_coin::AptosCoin', account: recipient, amount: '3' },
      },
    ];
    const coinArgs = { ...args, events: coinEvents, changes: [] };
    expect(balanceChanges(coinArgs).map((change) => [change.account, change.deltaOctas])).toEqual([
      [sender, '-500'],
      [recipient, '3'],
    ]);
    expect(assetChanges(coinArgs)).toEqual([
      {
        account: sender,
        ownerKnown: true,
        store: sender,
        asset: '0xcafe::usd::USD',
        delta: '-40',
        balanceAfter: null,
      },
    ]);
  });

  it('the table shows raw units without the asset’s metadata, and symbol and decimals with it', () => {
    const network: NetworkConfig = { kind: 'local', fullnode: 'http://127.0.0.1:8080/v1' };
    const usd: AssetMetadata = { name: 'US Dollar', symbol: 'USD', decimals: 6 };
    const rows = assetChanges(args);
    const first = render(<AssetChangesTable changes={rows} sender={sender} />);
    const plain = within(screen.getByRole('table', { name: 'Other assets' })).getAllByRole('row');
    expect(plain[1]?.textContent).toContain('(sender)');
    expect(plain[1]?.textContent).toContain('-2500000 units');
    expect(plain[2]?.textContent).toContain('+2500000 units');
    first.unmount();

    const queryClient = createTestQueryClient();
    queryClient.setQueryData(assetQueries.metadata(network, USD).queryKey, usd);
    render(<AssetChangesTable changes={rows} sender={sender} network={network} />, {
      queryClient,
    });
    const named = within(screen.getByRole('table', { name: 'Other assets' })).getAllByRole('row');
    expect(named[1]?.textContent).toContain('-2.5 USD (2,500,000 units)');
    expect(named[1]?.textContent).toContain('7.5 USD');
    expect(named[2]?.textContent).toContain('+2.5 USD (2,500,000 units)');
  });
});
