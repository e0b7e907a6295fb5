/**
 * Account addresses as people type them, and as tight spaces show them.
 *
 * One parser and one message for every address input in the app (the Chain page, the composer's
 * address arguments and module address, the Send APT form, the wallet's Fund form). It accepts
 * what an Aptos node's API accepts (AIP-40's relaxed form, see docs/user-guide.md "Addresses"):
 *
 * - `0x` followed by 1 to 64 hex digits, any case; a short form is padded with leading zeros
 *   (`0xb0b` is `0x000…0b0b`);
 * - exactly 64 hex digits without `0x` (the full form is unambiguous, as for hashes).
 *
 * A short form without `0x` (`b0b`) is refused: it is not an address to the node either, and the
 * message says to type `0xb0b`. The result is always the long form (`0x` + 64 lowercase hex),
 * which the SDK's builders need for non-special addresses.
 */

/** A parsed address: its long form, or a message that says what is wrong and what to type. */
export type ParsedAddress = { ok: true; address: `0x${string}` } | { ok: false; error: string };

/** What every address error ends with: what an address looks like. */
export const ADDRESS_HINT =
  'An address is 0x followed by 1 to 64 hex digits (0-9, a-f), e.g. 0x1 or 0xb0b; short forms are padded with zeros.';

function shown(text: string): string {
  return text.length > 24 ? `"${text.slice(0, 12)}…${text.slice(-8)}"` : `"${text}"`;
}

/**
 * Reads an address as typed (surrounding spaces ignored). `what` names the field in the message.
 *
 * @example
 * ```ts
 * parseAddress('0xB0B'); // { ok: true, address: '0x000…000b0b' } (64 hex digits)
 * parseAddress('b0b');   // { ok: false, error: 'Address "b0b" must start with 0x: type 0xb0b. …' }
 * ```
 */
export function parseAddress(input: string, what = 'Address'): ParsedAddress {
  const text = input.trim();
  const fail = (problem: string): ParsedAddress => ({
    ok: false,
    error: `${problem} ${ADDRESS_HINT}`,
  });
  if (text === '') return fail(`${what} is empty.`);
  const prefixed = /^0x/i.test(text);
  const hex = prefixed ? text.slice(2) : text;
  const bad = /[^0-9a-fA-F]/.exec(hex);
  if (bad !== null) {
    return fail(
      `${what} ${shown(text)} has ${bad[0] === ' ' ? 'a space' : `"${bad[0]}"`}, which is not a hex digit.`,
    );
  }
  if (!prefixed) {
    if (hex.length !== 64) return fail(`${what} ${shown(text)} must start with 0x: type 0x${hex}.`);
  } else if (hex.length === 0) {
    return fail(`${what} "${text}" has no hex digits after 0x.`);
  } else if (hex.length > 64) {
    return fail(`${what} has ${hex.length} hex digits after 0x; at most 64 are allowed.`);
  }
  return { ok: true, address: `0x${hex.toLowerCase().padStart(64, '0')}` };
}

/**
 * A shortened address for tight spaces: `0x1234…cdef`. Put the full address in a label or a
 * tooltip beside it.
 *
 * @example
 * ```ts
 * shortAddress(`0x${'a'.repeat(60)}beef`); // '0xaaaa…beef'
 * ```
 */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** An address right before `::`: in a function id, a type tag, or a Move abort's module. */
const ADDRESS_IN_NAME = /(?<![0-9A-Za-z_])0x([0-9a-fA-F]{1,64})(?=::)/g;

/**
 * Every address in a function id, a type tag or a text that names them (a VM status), in the
 * short form a node and the explorer print (AIP-40): `0x` + the hex without leading zeros, lower
 * case. Only addresses followed by `::` are read, so hashes and abort codes are left as they are.
 * Shorten at display: stored records keep what the chain said; show {@link canonicalAddresses}
 * on hover and copy.
 *
 * @example
 * ```ts
 * compactAddresses(`0x${'cafe'.padStart(64, '0')}::playground::abort_with`);
 * // '0xcafe::playground::abort_with'
 * compactAddresses('0x01::coin::CoinStore<0x0B0B::m::T>'); // '0x1::coin::CoinStore<0xb0b::m::T>'
 * ```
 */
export function compactAddresses(text: string): string {
  return text.replace(
    ADDRESS_IN_NAME,
    (_, hex: string) => `0x${hex.toLowerCase().replace(/^0+(?=.)/, '')}`,
  );
}

/**
 * Every address in a function id, a type tag or a text, in AIP-40's full form: the special
 * addresses `0x0` to `0xf` short, every other one with all 64 hex digits (what the SDK's builders
 * need, and what tells `0xcafe` from `0xcafe0`). The hover and copy text beside
 * {@link compactAddresses}.
 *
 * @example
 * ```ts
 * canonicalAddresses('0xcafe::playground::abort_with'); // '0x000…000cafe::playground::abort_with'
 * canonicalAddresses('0x0001::coin::CoinStore'); // '0x1::coin::CoinStore'
 * ```
 */
export function canonicalAddresses(text: string): string {
  return text.replace(ADDRESS_IN_NAME, (_, hex: string) => {
    const digits = hex.toLowerCase().replace(/^0+(?=.)/, '');
    return `0x${digits.length === 1 ? digits : digits.padStart(64, '0')}`;
  });
}
