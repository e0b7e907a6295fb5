/** `tx-workbench fund`'s checks and wording, before anything is sent (the bin is in cli.test.ts). */
import { describe, expect, it } from 'vitest';
import { checkFundArgs, fundingHint, octasToApt } from '../../cli/fund';
import { resolveNetwork, UsageError } from '../../cli/options';

const local = resolveNetwork('local');
const ADDRESS = `0x${'ab'.repeat(32)}`;

describe('fund arguments', () => {
  it('takes a full address and whole octas, and gives the SDK a number', () => {
    expect(checkFundArgs({ address: ADDRESS, amount: '150000000', network: local })).toEqual({
      address: ADDRESS,
      amount: 150_000_000,
    });
    // A special address may be short; it is written long.
    expect(checkFundArgs({ address: '0x1', amount: '1', network: local }).address).toBe(
      `0x${'0'.repeat(63)}1`,
    );
  });

  it('refuses what it cannot fund exactly, or at all, saying what to do', () => {
    const refused = (args: { address?: string; amount?: string; network?: string }) => {
      try {
        checkFundArgs({
          address: args.address ?? ADDRESS,
          amount: args.amount ?? '1',
          network: resolveNetwork(args.network ?? 'local'),
        });
      } catch (error) {
        expect(error).toBeInstanceOf(UsageError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused({ address: '0xb0b' })).toMatch(/not an account address: write it in full/);
    expect(refused({ address: 'alice' })).toMatch(/not an account address/);
    expect(refused({ amount: '1.5' })).toMatch(/whole number of octas/);
    expect(refused({ amount: '0' })).toMatch(/whole number of octas/);
    expect(refused({ amount: '-3' })).toMatch(/whole number of octas/);
    // 2^53 would not survive the SDK's number.
    expect(refused({ amount: '9007199254740992' })).toMatch(/from 1 to 9007199254740991/);
    expect(
      checkFundArgs({ address: ADDRESS, amount: '9007199254740991', network: local }).amount,
    ).toBe(Number.MAX_SAFE_INTEGER);
    expect(refused({ network: 'testnet' })).toMatch(/aptos\.dev\/network\/faucet/);
    expect(refused({ network: 'http://10.0.0.1:8080/v1' })).toMatch(
      /^No faucet for .*--faucet URL/,
    );
  });
});

describe('fund wording', () => {
  it('writes octas as APT exactly', () => {
    expect(octasToApt('100000000')).toBe('1');
    expect(octasToApt('150000000')).toBe('1.5');
    expect(octasToApt('1')).toBe('0.00000001');
    expect(octasToApt('0')).toBe('0');
    expect(octasToApt('18446744073709551615')).toBe('184467440737.09551615');
  });

  it('hints the fund command for the network given, and the minting page for testnet', () => {
    expect(fundingHint(ADDRESS, 'local', local)).toBe(
      `hint: fund the sender, then run again: npx tx-workbench fund ${ADDRESS} --network local`,
    );
    expect(fundingHint(ADDRESS, 'http://h:1/v1', resolveNetwork('http://h:1/v1'))).toBe(
      `hint: fund the sender, then run again: npx tx-workbench fund ${ADDRESS} --network http://h:1/v1 --faucet <faucet URL>`,
    );
    expect(fundingHint(ADDRESS, 'testnet', resolveNetwork('testnet'))).toMatch(
      /^hint: mint testnet APT for 0xabab.* at https:\/\/aptos\.dev\/network\/faucet/,
    );
  });
});
