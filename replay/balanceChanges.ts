import { AccountAddress, createUserDerivedObjectAddress } from '@aptos-labs/ts-sdk';
import type { JsonValue } from '../machines';

/** APT's fungible asset metadata address, long form. */
const APT_METADATA = AccountAddress.from('0xa').toStringLong();

/** The coin type of APT in `0x1::coin` events. */
const APT_COIN = '0x1::aptos_coin::AptosCoin';

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

/** How one account's balance of an asset other than APT changed. */
export interface AssetChange {
  /** The owner (long form) when known, else the store's address (or the coin account). */
  account: string;
  ownerKnown: boolean;
  /** The fungible store that changed, long form (the account for a coin event). */
  store: string;
  /** The asset: its metadata object's address (long form), or the coin type of a coin event. */
  asset: string;
  /** Signed, in the asset's smallest unit, decimal string. */
  delta: string;
  /** The store's balance after the transaction, when the write set holds it. */
  balanceAfter: string | null;
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

/** What a transaction's write set says about fungible stores. */
interface StoreFacts {
  /** Store (or object) → owner, from `0x1::object::ObjectCore` writes. */
  owners: Map<string, string>;
  /** Store → its asset's metadata address, from `0x1::fungible_asset::FungibleStore` writes. */
  assets: Map<string, string>;
  balancesAfter: Map<string, string>;
}

function storeFacts(changes: readonly JsonValue[]): StoreFacts {
  const facts: StoreFacts = { owners: new Map(), assets: new Map(), balancesAfter: new Map() };
  for (const change of changes) {
    if (!isObject(change) || change.type !== 'write_resource') continue;
    const address = longAddress(text(change.address) ?? '');
    const data = change.data;
    if (address === null || !isObject(data)) continue;
    const inner = data.data;
    if (!isObject(inner)) continue;
    if (data.type === '0x1::object::ObjectCore') {
      const owner = longAddress(text(inner.owner) ?? '');
      if (owner !== null) facts.owners.set(address, owner);
    } else if (data.type === '0x1::fungible_asset::FungibleStore') {
      const metadata = isObject(inner.metadata) ? text(inner.metadata.inner) : null;
      const asset = metadata === null ? null : longAddress(metadata);
      if (asset === null) continue;
      facts.assets.set(address, asset);
      const balance = text(inner.balance);
      if (balance !== null) facts.balancesAfter.set(address, balance);
    }
  }
  return facts;
}

/** One amount an event moved: from a store (fungible asset) or an account (coin). */
interface Movement {
  store: string;
  /** `null`: a fungible store the write set says nothing about. */
  asset: string | null;
  delta: bigint;
  /** A coin event names the account itself. */
  coinAccount: boolean;
}

function movements(events: readonly JsonValue[], facts: StoreFacts): Movement[] {
  const moved: Movement[] = [];
  for (const event of events) {
    if (!isObject(event) || !isObject(event.data)) continue;
    const type = text(event.type);
    const value = amount(event.data.amount);
    if (value === null) continue;
    if (type === '0x1::fungible_asset::Withdraw' || type === '0x1::fungible_asset::Deposit') {
      const store = longAddress(text(event.data.store) ?? '');
      if (store === null) continue;
      const delta = type.endsWith('Withdraw') ? -value : value;
      moved.push({ store, asset: facts.assets.get(store) ?? null, delta, coinAccount: false });
    } else if (type === '0x1::coin::CoinWithdraw' || type === '0x1::coin::CoinDeposit') {
      const account = longAddress(text(event.data.account) ?? '');
      if (account === null) continue;
      const delta = type.endsWith('Withdraw') ? -value : value;
      const coinType = text(event.data.coin_type);
      const asset = coinType === null || coinType === APT_COIN ? APT_METADATA : coinType;
      moved.push({ store: account, asset, delta, coinAccount: true });
    }
  }
  return moved;
}

const primaryStore = (owner: string, asset: string): string =>
  createUserDerivedObjectAddress(
    AccountAddress.from(owner),
    AccountAddress.from(asset),
  ).toStringLong();

/** Sender, fee payer and the other candidates, long form, without duplicates. */
function candidateOwners(
  sender: string,
  sponsor: string | null,
  others: readonly string[] | undefined,
): string[] {
  const owners = [sender, ...(sponsor ? [sponsor] : []), ...(others ?? [])].map(longAddress);
  return [...new Set(owners.filter((owner): owner is string => owner !== null))];
}

/**
 * APT balance changes per account, from a transaction's events and write set:
 *
 * - `0x1::fungible_asset::{Withdraw, Deposit}` (`{ store, amount }`) of APT stores and the coin
 *   events `0x1::coin::{CoinWithdraw, CoinDeposit}` of `AptosCoin` (`{ account, amount }`) give
 *   the amounts moved; a store is APT's when its `FungibleStore` in the write set says so, or when
 *   it is a candidate's APT primary store (other assets: {@link assetChanges});
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
  const facts = storeFacts(args.changes);
  const owners = new Map(facts.owners);
  // Existing stores are not rewritten with their ObjectCore: derive the candidates' primary stores.
  const aptPrimaryStores = new Set<string>();
  for (const owner of candidateOwners(args.sender, sponsor, args.candidates)) {
    const store = primaryStore(owner, APT_METADATA);
    aptPrimaryStores.add(store);
    if (!owners.has(store)) owners.set(store, owner);
  }
  // A write set without any fungible store (a trimmed record) cannot tell assets apart.
  const storesKnown = facts.assets.size > 0;

  const deltas = new Map<string, bigint>();
  const add = (store: string, delta: bigint) =>
    deltas.set(store, (deltas.get(store) ?? 0n) + delta);
  for (const moved of movements(args.events, facts)) {
    const isApt =
      moved.asset === APT_METADATA ||
      (moved.asset === null && (aptPrimaryStores.has(moved.store) || !storesKnown));
    if (!isApt) continue;
    if (moved.coinAccount) owners.set(moved.store, moved.store);
    add(moved.store, moved.delta);
  }

  let fee = 0n;
  if (args.gasUsed && args.gasUnitPrice && /^\d+$/.test(args.gasUsed + args.gasUnitPrice)) {
    fee = BigInt(args.gasUsed) * BigInt(args.gasUnitPrice);
  }
  const senderStore = sender === null ? null : primaryStore(sender, APT_METADATA);
  const payerStore = payer === null ? null : primaryStore(payer, APT_METADATA);
  if (payerStore !== null && fee > 0n) add(payerStore, -fee);

  const result: BalanceChange[] = [];
  for (const [store, delta] of deltas) {
    const owner = owners.get(store);
    result.push({
      account: owner ?? store,
      ownerKnown: owner !== undefined,
      store,
      deltaOctas: delta.toString(),
      balanceAfter: facts.balancesAfter.get(store) ?? null,
      feeOctas: store === payerStore ? fee.toString() : '0',
      role: store === senderStore ? 'sender' : store === payerStore ? 'feePayer' : null,
    });
  }
  const rank = (change: BalanceChange) =>
    change.role === 'sender' ? 0 : change.role === 'feePayer' ? 1 : 2;
  return result.sort((a, b) => rank(a) - rank(b));
}

/**
 * Balance changes of every asset other than APT, per account and asset: fungible-asset events of
 * stores whose `FungibleStore` in the write set names another asset (their balance changed, so
 * the write set holds them), and coin events of another coin type. A store's owner is its
 * `ObjectCore` in the write set, or the candidate (sender, fee payer, address arguments) whose
 * primary store of that asset it is.
 *
 * @example
 * ```ts
 * assetChanges({ events, changes, sender, candidates: [recipient] });
 * // [{ account: sender, asset: '0x…usdc', delta: '-2500000', … }, { account: recipient, delta: '2500000', … }]
 * ```
 */
export function assetChanges(args: {
  events: readonly JsonValue[];
  changes: readonly JsonValue[];
  sender: string;
  feePayer?: string | null | undefined;
  candidates?: readonly string[];
}): AssetChange[] {
  const facts = storeFacts(args.changes);
  const sponsor = args.feePayer ? longAddress(args.feePayer) : null;
  const candidates = candidateOwners(args.sender, sponsor, args.candidates);
  const changed = new Map<string, AssetChange & { sum: bigint }>();
  for (const moved of movements(args.events, facts)) {
    if (moved.asset === null || moved.asset === APT_METADATA) continue;
    const { asset, store } = moved;
    const key = `${asset} ${store}`;
    const entry = changed.get(key);
    if (entry) {
      entry.sum += moved.delta;
      continue;
    }
    const owner = moved.coinAccount
      ? store
      : (facts.owners.get(store) ??
        candidates.find((candidate) => primaryStore(candidate, asset) === store));
    changed.set(key, {
      account: owner ?? store,
      ownerKnown: owner !== undefined,
      store,
      asset,
      delta: '',
      balanceAfter: moved.coinAccount ? null : (facts.balancesAfter.get(store) ?? null),
      sum: moved.delta,
    });
  }
  const sender = longAddress(args.sender);
  return [...changed.values()]
    .map(({ sum, ...change }) => ({ ...change, delta: sum.toString() }))
    .sort(
      (a, b) =>
        a.asset.localeCompare(b.asset) ||
        Number(b.account === sender) - Number(a.account === sender),
    );
}
