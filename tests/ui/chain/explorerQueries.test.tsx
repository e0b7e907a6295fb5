import { describe, expect, it } from 'vitest';
import {
  coinBalances,
  fungibleAssetBalances,
  transactionPageRange,
} from '../../../src/features/chain/explorerQueries';
import { parseFundAmount } from '../../../src/wallet/FundForm';

describe('transactionPageRange (newest first)', () => {
  it.each([
    [
      { count: 23, page: 0, pageSize: 10 },
      { start: 13, limit: 10 },
    ],
    [
      { count: 23, page: 1, pageSize: 10 },
      { start: 3, limit: 10 },
    ],
    [
      { count: 23, page: 2, pageSize: 10 },
      { start: 0, limit: 3 },
    ],
    [
      { count: 23, page: 3, pageSize: 10 },
      { start: 0, limit: 0 },
    ],
    [
      { count: 10, page: 0, pageSize: 10 },
      { start: 0, limit: 10 },
    ],
    [
      { count: 0, page: 0, pageSize: 10 },
      { start: 0, limit: 0 },
    ],
  ])('%j is %j', (args, range) => {
    expect(transactionPageRange(args)).toEqual(range);
  });
});

describe('balances', () => {
  it('reads coin stores, APT or not', () => {
    expect(
      coinBalances([
        {
          type: '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>',
          data: { coin: { value: '150000000' } },
        },
        { type: '0x1::coin::CoinStore<0xcafe::usd::Usd>', data: { coin: { value: '7' } } },
        { type: '0x1::account::Account', data: { sequence_number: '3' } },
      ]),
    ).toEqual([
      { kind: 'coin', asset: '0x1::aptos_coin::AptosCoin', amount: '150000000', isApt: true },
      { kind: 'coin', asset: '0xcafe::usd::Usd', amount: '7', isApt: false },
    ]);
  });

  it('reads the indexer rows of fungible assets', () => {
    expect(
      fungibleAssetBalances([
        {
          amount: 78000000,
          asset_type: '0x1::aptos_coin::AptosCoin',
          is_frozen: false,
          is_primary: true,
          last_transaction_timestamp: '2026-11-23T13:43:48.366',
          last_transaction_version: 35,
          owner_address: '0xb0b',
          storage_id: '0xabc',
          token_standard: 'v1',
        },
      ]),
    ).toEqual([
      {
        kind: 'fungible asset',
        asset: '0x1::aptos_coin::AptosCoin',
        amount: '78000000',
        isApt: true,
        store: '0xabc',
      },
    ]);
  });
});

describe('parseFundAmount (the Fund form)', () => {
  const limit = '100000000000';
  it.each([
    ['1', { octas: '100000000' }],
    ['0.25', { octas: '25000000' }],
    ['25000000 octas', { octas: '25000000' }],
    ['1000 APT', { octas: '100000000000' }],
    ['1001', { error: 'The faucet gives at most 1,000 APT (100,000,000,000 octas) a request.' }],
    ['0', { error: 'The amount must be more than 0.' }],
    ['lots', { error: 'Enter an amount such as 0.1 APT or 10000000 octas.' }],
  ])('%j is %j', (input, expected) => {
    expect(parseFundAmount(input, limit)).toEqual(expected);
  });
});
