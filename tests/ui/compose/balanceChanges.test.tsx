import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../machines';
import { balanceChanges } from '../../../src/features/compose/results/balanceChanges';
import fixtures from '../../fixtures/sdkResults.json';

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
      },
      {
        account: recipient,
        ownerKnown: true,
        store: '0x7f5ec3e1e2b6fb3a30d11487c4a12662a557315078566d6361568cd2f660b978',
        deltaOctas: '1000',
        balanceAfter: '1000',
        feeOctas: '0',
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
