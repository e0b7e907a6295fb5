/** A shortened address for tight spaces: `0x1234…cdef`. The full address goes in a label. */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}
