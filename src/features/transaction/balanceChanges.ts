import { AccountAddress, createUserDerivedObjectAddress } from '@aptos-labs/ts-sdk';
import type { JsonValue } from '../../../machines';

/** APT's fungible asset metadata address. */
const APT_METADATA = '0xa';

/** How one account's APT balance changed in a transaction. */
export interface BalanceChange {
  /** The owner (long form) when known, else the store's address. */
  account: string;
  /** Whether `account` is the owner of the store (`false`: an unknown store). */
  ownerKnown: boolean;
  /** The fungible store (or coin account) that changed, long form. */
  store: string;
  /** Signed octas, decimal string (`-1120400`); includes the fee for the fee payer. */
  deltaOctas: string;
  /** The store's balance after the transaction, when the write set holds it. */
  balanceAfter: string | null;
  /** The part of `deltaOctas` that is the gas fee (octas, unsigned), `'0'` for other accounts. */
  feeOctas: string;
  /**
   * `sender`, or `feePayer` for a sponsored transaction's fee payer (another account, which paid
   * the fee); `null` for everyone else.
   */
  role: 'sender' | 'feePayer' | null;
}

type JsonObject = { [key: string]: JsonValue };

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

function longAddress(value: string): string | null {
  try {
    return AccountAddress.from(value, { maxMissingChars: 63 }).toStringLong();
  } catch {
    return null;
  }
}

function amount(value: JsonValue | undefined): bigint | null {
  const raw = text(value);
  return raw !== null && /^\d+$/.test(raw) ? BigInt(raw) : null;
}

/**
 * APT balance changes per account, from a transaction's events and write set:
 *
 * - `0x1::fungible_asset::{Withdraw, Deposit}` (`{ store, amount }`) and the coin events
 *   `0x1::coin::{CoinWithdraw, CoinDeposit}` (`{ account, amount }`) give the amounts moved;
 * - the gas fee (`gas_used × gas_unit_price`) is burnt from the fee payer's primary store: the
 *   sender's, or a sponsored transaction's fee payer's, listed on its own row;
 * - a store's owner is its `0x1::object::ObjectCore` in the write set, or, for a store that
 *   already existed, the candidate account (sender, address arguments) whose APT primary store
 *   address it is.
 *
 * @param args.events - the transaction's events (JSON).
 * @param args.changes - the write set (JSON).
 * @param args.sender - the sender, who pays the fee unless there is a fee payer.
 * @param args.feePayer - a sponsored transaction's fee payer, who pays the fee instead.
 * @param args.gasUsed - gas units used (decimal string).
 * @param args.gasUnitPrice - octas per unit (decimal string).
 * @param args.candidates - other addresses that may own a store (e.g. address arguments).
 * @returns one entry per account whose balance changed, the sender first, then the fee payer.
 * @example
 * ```ts
 * balanceChanges({ events, changes, sender, gasUsed: '1204', gasUnitPrice: '100', candidates: [recipient] });
 * // [{ account: sender, deltaOctas: '-121400', … }, { account: recipient, deltaOctas: '1000', … }]
 * ```
 */
export function balanceChanges(args: {
  events: readonly JsonValue[];
  changes: readonly JsonValue[];
  sender: string;
  feePayer?: string | null | undefined;
  gasUsed: string | null;
  gasUnitPrice: string | null;
  candidates?: readonly string[];
}): BalanceChange[] {
  const sender = longAddress(args.sender);
  const sponsor = args.feePayer ? longAddress(args.feePayer) : null;
  const payer = sponsor ?? sender;
  const owners = new Map<string, string>();
  const balancesAfter = new Map<string, string>();
  const aptStores = new Set<string>();
  for (const change of args.changes) {
    if (!isObject(change) || change.type !== 'write_resource') continue;
    const address = longAddress(text(change.address) ?? '');
    const data = change.data;
    if (address === null || !isObject(data)) continue;
    const inner = data.data;
    if (!isObject(inner)) continue;
    if (data.type === '0x1::object::ObjectCore') {
      const owner = longAddress(text(inner.owner) ?? '');
      if (owner !== null) owners.set(address, owner);
    } else if (data.type === '0x1::fungible_asset::FungibleStore') {
      const metadata = isObject(inner.metadata) ? text(inner.metadata.inner) : null;
      if (metadata !== null && longAddress(metadata) === longAddress(APT_METADATA)) {
        aptStores.add(address);
        const balance = text(inner.balance);
        if (balance !== null) balancesAfter.set(address, balance);
      }
    }
  }

  // Existing stores are not rewritten with their ObjectCore: derive the candidates' primary stores.
  const apt = AccountAddress.from(APT_METADATA);
  for (const candidate of [
    args.sender,
    ...(sponsor ? [sponsor] : []),
    ...(args.candidates ?? []),
  ]) {
    const owner = longAddress(candidate);
    if (owner === null) continue;
    const store = createUserDerivedObjectAddress(AccountAddress.from(owner), apt).toStringLong();
    if (!owners.has(store)) owners.set(store, owner);
  }

  const deltas = new Map<string, bigint>();
  const add = (store: string, delta: bigint) =>
    deltas.set(store, (deltas.get(store) ?? 0n) + delta);
  for (const event of args.events) {
    if (!isObject(event) || !isObject(event.data)) continue;
    const type = text(event.type);
    const value = amount(event.data.amount);
    if (value === null) continue;
    if (type === '0x1::fungible_asset::Withdraw' || type === '0x1::fungible_asset::Deposit') {
      const store = longAddress(text(event.data.store) ?? '');
      if (store === null) continue;
      // Only APT stores count when the write set says which ones they are.
      if (aptStores.size > 0 && !aptStores.has(store) && !owners.has(store)) continue;
      add(store, type.endsWith('Withdraw') ? -value : value);
    } else if (type === '0x1::coin::CoinWithdraw' || type === '0x1::coin::CoinDeposit') {
      const account = longAddress(text(event.data.account) ?? '');
      if (account === null) continue;
      owners.set(account, account);
      add(account, type.endsWith('Withdraw') ? -value : value);
    }
  }

  let fee = 0n;
  if (args.gasUsed && args.gasUnitPrice && /^\d+$/.test(args.gasUsed + args.gasUnitPrice)) {
    fee = BigInt(args.gasUsed) * BigInt(args.gasUnitPrice);
  }
  const storeOf = (owner: string) =>
    createUserDerivedObjectAddress(AccountAddress.from(owner), apt).toStringLong();
  const senderStore = sender === null ? null : storeOf(sender);
  const payerStore = payer === null ? null : storeOf(payer);
  if (payerStore !== null && fee > 0n) add(payerStore, -fee);

  const result: BalanceChange[] = [];
  for (const [store, delta] of deltas) {
    const owner = owners.get(store);
    result.push({
      account: owner ?? store,
      ownerKnown: owner !== undefined,
      store,
      deltaOctas: delta.toString(),
      balanceAfter: balancesAfter.get(store) ?? null,
      feeOctas: store === payerStore ? fee.toString() : '0',
      role: store === senderStore ? 'sender' : store === payerStore ? 'feePayer' : null,
    });
  }
  const rank = (change: BalanceChange) =>
    change.role === 'sender' ? 0 : change.role === 'feePayer' ? 1 : 2;
  return result.sort((a, b) => rank(a) - rank(b));
}
