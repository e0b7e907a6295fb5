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
