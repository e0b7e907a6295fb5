import { Deserializer } from '@aptos-labs/ts-sdk';
import { must } from '../encoding.ts';

const EMPTY = new Uint8Array(0);
const UTF8 = new TextDecoder();
const MAX_U32 = 0xffff_ffffn;

/**
 * The ts-sdk's `Deserializer` without its copies: the SDK copies the input, then every field
 * through `ArrayBuffer.slice` and a `DataView`, which made decoding the largest cost of admitting
 * a transaction after the signature check (bench/PROFILES.md, profile round 2). This one copies the input
 * once and hands out views of that copy; the SDK's classes (`RawTransaction.deserialize`…) call
 * these methods, so the objects, the values and the error messages are the SDK's own.
 */
export class ViewDeserializer extends Deserializer {
  private readonly data: Uint8Array;
  private readonly view: DataView;
  private at = 0;

  constructor(data: Uint8Array) {
    super(EMPTY); // the base's own buffer stays empty: every method that reads it is overridden
    this.data = data.slice();
    this.view = new DataView(this.data.buffer, this.data.byteOffset, this.data.byteLength);
  }

  private take(length: number): number {
    const start = this.at;
    if (start + length > this.data.length) throw new Error('Reached to the end of buffer');
    this.at = start + length;
    return start;
  }

  override remaining(): number {
    return this.data.length - this.at;
  }

  override deserializeStr(): string {
    return UTF8.decode(this.deserializeBytes());
  }

  override deserializeBytes(): Uint8Array {
    return this.deserializeFixedBytes(this.deserializeUleb128AsU32());
  }

  override deserializeFixedBytes(len: number): Uint8Array {
    const start = this.take(len);
    return this.data.subarray(start, start + len);
  }

  override deserializeBool(): boolean {
    const bool = this.deserializeU8();
    if (bool !== 1 && bool !== 0) throw new Error('Invalid boolean value');
    return bool === 1;
  }

  override deserializeU8(): number {
    return must(this.data[this.take(1)]);
  }

  override deserializeU16(): number {
    return this.view.getUint16(this.take(2), true);
  }

  override deserializeU32(): number {
    return this.view.getUint32(this.take(4), true);
  }

  override deserializeU64(): bigint {
    return this.view.getBigUint64(this.take(8), true);
  }

  override deserializeI8(): number {
    return this.view.getInt8(this.take(1));
  }

  override deserializeI16(): number {
    return this.view.getInt16(this.take(2), true);
  }

  override deserializeI32(): number {
    return this.view.getInt32(this.take(4), true);
  }

  /** One byte below 0x80 is the common case; anything longer follows the SDK's loop exactly. */
  override deserializeUleb128AsU32(): number {
    const first = this.deserializeU8();
    if (first < 0x80) return first;
    let value = BigInt(first & 0x7f);
    let shift = 7;
    while (value < MAX_U32) {
      const byte = this.deserializeU8();
      value |= BigInt(byte & 0x7f) << BigInt(shift);
      if ((byte & 0x80) === 0) break;
      shift += 7;
    }
    if (value > MAX_U32) throw new Error('Overflow while parsing uleb128-encoded uint32 value');
    return Number(value);
  }
}
