import { describe, expect, it } from 'vitest';
import {
  eventRows,
  feeBreakdown,
  outcomeDiff,
  shortType,
  writeSetRows,
} from '../../../src/features/transaction';
import { committedTransfer, feeStatement, recipient, sender } from './fixture';

describe('shortType', () => {
  it('drops every address, generics included', () => {
    expect(shortType('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>')).toBe(
      'coin::CoinStore<aptos_coin::AptosCoin>',
    );
    expect(shortType(`0x${'cafe'.padStart(64, '0')}::playground::Counter`)).toBe(
      'playground::Counter',
    );
  });
});

describe('feeBreakdown', () => {
  it('prices the FeeStatement: execution, IO, storage, refund, charged and net', () => {
    expect(feeBreakdown({ events: [feeStatement] }, '100')).toEqual({
      gasUnitPrice: '100',
      totalGasUnits: '1504',
      executionGasUnits: '4',
      ioGasUnits: '500',
      storageFeeOctas: '100000',
      storageFeeRefundOctas: '2000',
      executionOctas: '400',
      ioOctas: '50000',
      totalOctas: '150400',
      netOctas: '148400',
    });
  });

  it('is null without a FeeStatement, without a price, or with a malformed one', () => {
    expect(feeBreakdown({ events: [] }, '100')).toBeNull();
    expect(feeBreakdown({ events: [feeStatement] }, null)).toBeNull();
    expect(
      feeBreakdown(
        { events: [{ ...feeStatement, data: { ...feeStatement.data, io_gas_units: '-1' } }] },
        '100',
      ),
    ).toBeNull();
  });

  it('never loses precision on u64 figures', () => {
    const big = {
      ...feeStatement,
      data: { ...feeStatement.data, total_charge_gas_units: '18446744073709551615' },
    };
    expect(feeBreakdown({ events: [big] }, '100')?.totalOctas).toBe('1844674407370955161500');
  });
});

describe('eventRows and writeSetRows', () => {
  it('decode each event into its type, handle account and fields', () => {
    const rows = eventRows(committedTransfer().events);
    expect(rows.map((row) => row.type)).toEqual([
      '0x1::fungible_asset::Withdraw',
      '0x1::fungible_asset::Deposit',
      '0x1::transaction_fee::FeeStatement',
    ]);
    expect(rows[2]?.fields).toEqual([
      { name: 'total_charge_gas_units', value: '1504' },
      { name: 'execution_gas_units', value: '4' },
      { name: 'io_gas_units', value: '500' },
      { name: 'storage_fee_octas', value: '100000' },
      { name: 'storage_fee_refund_octas', value: '2000' },
    ]);
    expect(rows[0]?.account).toBe('0x0');
  });

  it('decode resources, table items and deletions', () => {
    const rows = writeSetRows(committedTransfer().changes);
    expect(rows.map(({ kind, type }) => [kind, type])).toEqual([
      ['write_resource', '0x1::account::Account'],
      ['write_resource', '0x1::fungible_asset::FungibleStore'],
      ['write_table_item', 'u64 → u128'],
      ['delete_resource', '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'],
    ]);
    expect(rows[1]?.fields).toEqual([
      { name: 'balance', value: '10000000' },
      { name: 'frozen', value: 'false' },
      { name: 'metadata', value: '{"inner":"0xa"}' },
    ]);
    expect(rows[2]?.target).toBe(`table 0x${'7ab1e'.padStart(64, '0')}`);
    expect(rows[2]?.fields).toEqual([
      { name: 'key', value: '1' },
      { name: 'value', value: '42' },
    ]);
  });
});

describe('outcomeDiff', () => {
  const options = { sender, candidates: [recipient] };

  it('finds nothing different when the committed transaction matches its simulation', () => {
    const simulated = committedTransfer({ hash: undefined, version: undefined });
    const rows = outcomeDiff(simulated, committedTransfer(), options);
    expect(rows.every((row) => row.same)).toBe(true);
    expect(rows.map((row) => row.field)).toEqual([
      'Status',
      'VM status',
      'Gas used',
      'Fee',
      'Balance 0x000000…000b0b',
      'Balance 0x000000…0a11ce',
      'Events',
      'Write set',
    ]);
  });

  it('shows simulated → committed for each field that differs', () => {
    const simulated = committedTransfer({ gas_used: '1000' });
    const committed = committedTransfer({
      success: false,
      vm_status: 'Out of gas',
      events: [feeStatement],
      changes: [],
    });
    const differing = outcomeDiff(simulated, committed, options).filter((row) => !row.same);
    expect(differing).toEqual([
      { field: 'Status', simulated: 'Success', committed: 'Failed', same: false },
      {
        field: 'VM status',
        simulated: 'Executed successfully',
        committed: 'Out of gas',
        same: false,
      },
      { field: 'Gas used', simulated: '1000', committed: '1504', same: false },
      {
        field: 'Fee',
        simulated: '0.001 APT (100,000 octas)',
        committed: '0.001504 APT (150,400 octas)',
        same: false,
      },
      {
        field: 'Balance 0x000000…000b0b',
        simulated: '-0.101 APT',
        committed: '-0.001504 APT',
        same: false,
      },
      { field: 'Balance 0x000000…0a11ce', simulated: '+0.1 APT', committed: '0 APT', same: false },
      { field: 'Events', simulated: '3', committed: '1', same: false },
      { field: 'Write set', simulated: '4 changes', committed: '0 changes', same: false },
    ]);
  });

  it('compares each other asset’s change per account, in units', () => {
    const coinMoved = (amount: string) =>
      committedTransfer({
        events: [
          {
            type: '0x1::coin::CoinDeposit',
            data: { coin_type: '0xcafe::usd::USD', account: recipient, amount },
          },
        ],
      });
    const rows = outcomeDiff(coinMoved('40'), coinMoved('41'), options);
    expect(rows.find((row) => row.field.endsWith('of 0xcafe::usd::USD'))).toEqual({
      field: 'Balance 0x000000…0a11ce of 0xcafe::usd::USD',
      simulated: '40 units',
      committed: '41 units',
      same: false,
    });
    const same = outcomeDiff(coinMoved('40'), coinMoved('40'), options);
    expect(same.filter((row) => row.field.includes('0xcafe'))).toEqual([
      expect.objectContaining({ same: true }),
    ]);
  });
});
