import type {
  Bytecode,
  CompiledModule,
  FunctionDefinition,
  FunctionHandle,
  SignatureToken,
  StructDefinition,
  StructHandle,
  Visibility,
} from '../../../localnet/move/binary/types.ts';
import { parseAddress } from '../../../localnet/encoding.ts';

/** Signature tokens, short. */
export const S = {
  bool: { kind: 'Bool' },
  u8: { kind: 'U8' },
  u16: { kind: 'U16' },
  u32: { kind: 'U32' },
  u64: { kind: 'U64' },
  u128: { kind: 'U128' },
  u256: { kind: 'U256' },
  address: { kind: 'Address' },
  signer: { kind: 'Signer' },
  vec: (inner: SignatureToken): SignatureToken => ({ kind: 'Vector', inner }),
  ref: (inner: SignatureToken): SignatureToken => ({ kind: 'Reference', inner }),
  mut: (inner: SignatureToken): SignatureToken => ({ kind: 'MutableReference', inner }),
  param: (index: number): SignatureToken => ({ kind: 'TypeParameter', index }),
  struct: (handle: number, typeArgs: SignatureToken[] = []): SignatureToken =>
    typeArgs.length === 0
      ? { kind: 'Struct', handle }
      : { kind: 'StructInstantiation', handle, typeArgs },
} as const satisfies Record<string, SignatureToken | ((...args: never[]) => SignatureToken)>;

const key = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

const utf8 = (s: string) => Array.from(Buffer.from(s, 'utf8'));
const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
};
const bcsString = (s: string) => [...uleb(Buffer.byteLength(s)), ...utf8(s)];

/**
 * Builds a `CompiledModule` in memory (the interpreter's input), the way the compiler lays out
 * tables: handles interned, signatures deduplicated.
 */
export class ModuleBuilder {
  private identifiers: string[] = [];
  private addresses: string[] = [];
  private moduleHandles: Array<{ address: number; name: number }> = [];
  private structHandles: StructHandle[] = [];
  private functionHandles: FunctionHandle[] = [];
  private signatures: SignatureToken[][] = [];
  private structDefs: StructDefinition[] = [];
  private functionDefs: FunctionDefinition[] = [];
  private fieldHandles: Array<{ owner: number; field: number }> = [];
  private structDefInstantiations: Array<{ def: number; typeParameters: number }> = [];
  private functionInstantiations: Array<{ handle: number; typeParameters: number }> = [];
  private fieldInstantiations: Array<{ handle: number; typeParameters: number }> = [];
  private structVariantHandles: Array<{ struct: number; variant: number }> = [];
  private variantFieldHandles: Array<{ struct: number; variants: number[]; field: number }> = [];
  private constants: Array<{ type: SignatureToken; data: Uint8Array }> = [];
  private errors: Array<[bigint, string, string]> = [];
  private views: string[] = [];
  readonly self: number;
  readonly address: `0x${string}`;

  constructor(
    address: string,
    readonly name: string,
  ) {
    this.address = parseAddress(address) as `0x${string}`;
    this.self = this.moduleHandle(address, name);
  }

  ident(s: string): number {
    let i = this.identifiers.indexOf(s);
    if (i < 0) i = this.identifiers.push(s) - 1;
    return i;
  }

  addr(a: string): number {
    const long = parseAddress(a) as string;
    let i = this.addresses.indexOf(long);
    if (i < 0) i = this.addresses.push(long) - 1;
    return i;
  }

  moduleHandle(address: string, name: string): number {
    const handle = { address: this.addr(address), name: this.ident(name) };
    let i = this.moduleHandles.findIndex(
      (h) => h.address === handle.address && h.name === handle.name,
    );
    if (i < 0) i = this.moduleHandles.push(handle) - 1;
    return i;
  }

  sig(tokens: SignatureToken[]): number {
    const k = key(tokens);
    let i = this.signatures.findIndex((s) => key(s) === k);
    if (i < 0) i = this.signatures.push(tokens) - 1;
    return i;
  }

  /** A struct handle of another module (for `0x1::string::String`, …). */
  foreignStruct(
    address: string,
    module: string,
    name: string,
    abilities: number,
    typeParams = 0,
  ): number {
    return (
      this.structHandles.push({
        module: this.moduleHandle(address, module),
        name: this.ident(name),
        abilities,
        typeParameters: Array.from({ length: typeParams }, () => ({
          constraints: 0,
          isPhantom: false,
        })),
      }) - 1
    );
  }

  /** Declares a struct of this module; returns `{ handle, def }`. Abilities: copy 1, drop 2, store 4, key 8. */
  struct(
    name: string,
    abilities: number,
    fields: Array<[string, SignatureToken]>,
    typeParams = 0,
  ): { handle: number; def: number } {
    const handle =
      this.structHandles.push({
        module: this.self,
        name: this.ident(name),
        abilities,
        typeParameters: Array.from({ length: typeParams }, () => ({
          constraints: 0,
          isPhantom: false,
        })),
      }) - 1;
    const def =
      this.structDefs.push({
        structHandle: handle,
        fieldInformation: {
          kind: 'Declared',
          fields: fields.map(([fieldName, signature]) => ({
            name: this.ident(fieldName),
            signature,
          })),
        },
      }) - 1;
    return { handle, def };
  }

  /** Declares an enum (bytecode v7): `variants` in order, each with its fields. */
  enum(
    name: string,
    abilities: number,
    variants: Array<[string, Array<[string, SignatureToken]>]>,
  ): { handle: number; def: number } {
    const handle =
      this.structHandles.push({
        module: this.self,
        name: this.ident(name),
        abilities,
        typeParameters: [],
      }) - 1;
    const def =
      this.structDefs.push({
        structHandle: handle,
        fieldInformation: {
          kind: 'DeclaredVariants',
          variants: variants.map(([variantName, fields]) => ({
            name: this.ident(variantName),
            fields: fields.map(([fieldName, signature]) => ({
              name: this.ident(fieldName),
              signature,
            })),
          })),
        },
      }) - 1;
    return { handle, def };
  }

  variant(def: number, variant: number): number {
    return this.structVariantHandles.push({ struct: def, variant }) - 1;
  }

  variantField(def: number, variants: number[], field: number): number {
    return this.variantFieldHandles.push({ struct: def, variants, field }) - 1;
  }

  field(def: number, field: number): number {
    return this.fieldHandles.push({ owner: def, field }) - 1;
  }

  fieldInst(def: number, field: number, typeArgs: SignatureToken[]): number {
    const handle = this.field(def, field);
    return this.fieldInstantiations.push({ handle, typeParameters: this.sig(typeArgs) }) - 1;
  }

  structInst(def: number, typeArgs: SignatureToken[]): number {
    return this.structDefInstantiations.push({ def, typeParameters: this.sig(typeArgs) }) - 1;
  }

  /** A function handle (of this or another module). */
  fnHandle(
    module: number,
    name: string,
    params: SignatureToken[],
    returns: SignatureToken[],
    typeParams = 0,
  ): number {
    return (
      this.functionHandles.push({
        module,
        name: this.ident(name),
        parameters: this.sig(params),
        returns: this.sig(returns),
        typeParameters: Array.from({ length: typeParams }, () => 0),
        accessSpecifiers: null,
        attributes: [],
      }) - 1
    );
  }

  fnInst(handle: number, typeArgs: SignatureToken[]): number {
    return this.functionInstantiations.push({ handle, typeParameters: this.sig(typeArgs) }) - 1;
  }

  /** An imported function: `use(0x1, 'signer', 'address_of', [&signer], [address])`. */
  use(
    address: string,
    module: string,
    name: string,
    params: SignatureToken[],
    returns: SignatureToken[],
    typeParams = 0,
  ): number {
    return this.fnHandle(this.moduleHandle(address, module), name, params, returns, typeParams);
  }

  /** Declares a function; returns its handle (for calls). */
  fn(
    name: string,
    options: {
      params?: SignatureToken[];
      returns?: SignatureToken[];
      locals?: SignatureToken[];
      typeParams?: number;
      entry?: boolean;
      view?: boolean;
      visibility?: Visibility;
      /** Struct definitions the function acquires (its `acquires` list, checked by the verifier). */
      acquires?: number[];
      code: Bytecode[];
    },
  ): number {
    const handle = this.fnHandle(
      this.self,
      name,
      options.params ?? [],
      options.returns ?? [],
      options.typeParams ?? 0,
    );
    this.functionDefs.push({
      function: handle,
      visibility: options.visibility ?? 'public',
      isEntry: options.entry ?? false,
      acquiresGlobalResources: options.acquires ?? [],
      code: { locals: this.sig(options.locals ?? []), code: options.code },
    });
    if (options.view === true) this.views.push(name);
    return handle;
  }

  /** A constant of the pool: its type and BCS bytes. */
  constant(type: SignatureToken, data: number[]): number {
    return this.constants.push({ type, data: Uint8Array.from(data) }) - 1;
  }

  error(code: bigint, name: string, doc: string): this {
    this.errors.push([code, name, doc]);
    return this;
  }

  /** `aptos::metadata_v1`: error map, no struct attributes, `#[view]` function attributes. */
  private metadata(): Array<{ key: Uint8Array; value: Uint8Array }> {
    if (this.errors.length === 0 && this.views.length === 0) return [];
    const bytes: number[] = [...uleb(this.errors.length)];
    for (const [code, name, doc] of this.errors) {
      for (let i = 0; i < 8; i += 1) bytes.push(Number((code >> BigInt(8 * i)) & 0xffn));
      bytes.push(...bcsString(name), ...bcsString(doc));
    }
    bytes.push(0, ...uleb(this.views.length));
    for (const view of this.views) bytes.push(...bcsString(view), 1, 1, 0);
    return [{ key: Uint8Array.from(utf8('aptos::metadata_v1')), value: Uint8Array.from(bytes) }];
  }

  build(): CompiledModule {
    return {
      kind: 'module',
      version: 7,
      selfModuleHandleIdx: this.self,
      moduleHandles: this.moduleHandles,
      structHandles: this.structHandles,
      functionHandles: this.functionHandles,
      functionInstantiations: this.functionInstantiations,
      signatures: this.signatures,
      identifiers: this.identifiers,
      addressIdentifiers: this.addresses,
      constantPool: this.constants,
      metadata: this.metadata(),
      fieldHandles: this.fieldHandles,
      friendDecls: [],
      structDefInstantiations: this.structDefInstantiations,
      fieldInstantiations: this.fieldInstantiations,
      structDefs: this.structDefs,
      functionDefs: this.functionDefs,
      structVariantHandles: this.structVariantHandles,
      structVariantInstantiations: [],
      variantFieldHandles: this.variantFieldHandles,
      variantFieldInstantiations: [],
    };
  }
}
