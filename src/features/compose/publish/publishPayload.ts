/**
 * The JSON file `aptos move build-publish-payload` writes, read for Compose's "Publish a package":
 * `{"function_id": "0x1::code::publish_package_txn", "type_args": [], "args": [{"type": "hex",
 * "value": "0x<metadata>"}, {"type": "hex", "value": ["0x<module>", …]}]}`.
 *
 * The page reads only what it lists before anything runs (the package name, each module's
 * address, name, bytecode version and size); the ABIs come from the node, which derives them from
 * the bytecode when it simulates the publish (`write_module` changes).
 */
import type { JsonValue, TransactionDraft } from '../../../../machines';

export const PUBLISH_FUNCTION = '0x1::code::publish_package_txn';

export interface ModuleSummary {
  name: string;
  /** Long-form address the module is compiled for. */
  address: string;
  version: number;
  bytes: number;
}

export interface PublishPayload {
  packageName: string;
  metadataHex: string;
  modulesHex: string[];
  modules: ModuleSummary[];
}

export type PublishPayloadResult =
  { ok: true; payload: PublishPayload } | { ok: false; problems: string[] };

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

function bytesOf(hex: string): Uint8Array {
  const out = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16);
  return out;
}

/** A cursor that throws a plain message on malformed input. */
class Reader {
  constructor(
    private readonly b: Uint8Array,
    public pos = 0,
  ) {}

  u8(): number {
    const v = this.b[this.pos];
    if (v === undefined) throw new Error('it ends too early');
    this.pos += 1;
    return v;
  }

  uleb(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.u8();
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('a length is malformed');
  }

  take(n: number): Uint8Array {
    if (this.pos + n > this.b.length) throw new Error('it ends too early');
    const out = this.b.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}

const text = new TextDecoder();
const hexOf = (b: Uint8Array) =>
  `0x${Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')}`;

/** Name, address and version of a compiled module, from its header and three tables. */
export function summarizeModule(hex: string): ModuleSummary {
  const b = bytesOf(hex);
  const r = new Reader(b);
  const magic = r.take(4);
  if (magic[0] !== 0xa1 || magic[1] !== 0x1c || magic[2] !== 0xeb || magic[3] !== 0x0b)
    throw new Error('it is not Move bytecode (no 0xa11ceb0b magic)');
  const version = r.u8();
  r.take(3);
  const tables = new Map<number, { offset: number; size: number }>();
  const count = r.uleb();
  for (let i = 0; i < count; i++) {
    const kind = r.u8();
    tables.set(kind, { offset: r.uleb(), size: r.uleb() });
  }
  const start = r.pos;
  const end = start + [...tables.values()].reduce((sum, t) => sum + t.size, 0);
  const entries = <T>(kind: number, read: (t: Reader) => T): T[] => {
    const t = tables.get(kind);
    if (t === undefined) return [];
    const tr = new Reader(b.subarray(0, start + t.offset + t.size), start + t.offset);
    const out: T[] = [];
    while (tr.pos < start + t.offset + t.size) out.push(read(tr));
    return out;
  };
  const handles = entries(0x1, (t) => ({ address: t.uleb(), name: t.uleb() }));
  const identifiers = entries(0x7, (t) => text.decode(t.take(t.uleb())));
  const addresses = entries(0x8, (t) => hexOf(t.take(32)));
  const self = handles[new Reader(b, end).uleb()];
  const name = self === undefined ? undefined : identifiers[self.name];
  const address = self === undefined ? undefined : addresses[self.address];
  if (name === undefined || address === undefined) throw new Error('it names no module of its own');
  return { name, address, version, bytes: b.length };
}

function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Reads the file's text; every problem is a sentence the page shows as it is. */
export function parsePublishPayload(json: string): PublishPayloadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {
      ok: false,
      problems: [
        'The file is not JSON. Choose the file `aptos move build-publish-payload --json-output-file` wrote.',
      ],
    };
  }
  const root = asObject(parsed);
  if (root === null)
    return {
      ok: false,
      problems: ['The file is not a publish payload (a JSON object with function_id and args).'],
    };
  const problems: string[] = [];
  if (root.function_id !== PUBLISH_FUNCTION)
    problems.push(
      `function_id is ${JSON.stringify(root.function_id)}; a publish payload calls ${PUBLISH_FUNCTION}.`,
    );
  const args = Array.isArray(root.args) ? root.args.map(asObject) : [];
  const metadata = args[0]?.value;
  const code = args[1]?.value;
  if (args.length !== 2)
    problems.push(`args has ${args.length} entries; a publish payload has 2 (metadata, modules).`);
  if (typeof metadata !== 'string' || !HEX.test(metadata))
    problems.push('args[0].value (the package metadata) is not 0x hex.');
  if (
    !Array.isArray(code) ||
    code.length === 0 ||
    !code.every((m) => typeof m === 'string' && HEX.test(m))
  )
    problems.push('args[1].value (the modules) is not a non-empty list of 0x hex strings.');
  if (problems.length > 0 || typeof metadata !== 'string' || !Array.isArray(code))
    return { ok: false, problems };
  const modulesHex = code as string[];
  const modules: ModuleSummary[] = [];
  modulesHex.forEach((hex, i) => {
    try {
      modules.push(summarizeModule(hex));
    } catch (error) {
      problems.push(`Module ${i + 1} cannot be read: ${(error as Error).message}.`);
    }
  });
  let packageName = '';
  try {
    const r = new Reader(bytesOf(metadata));
    packageName = text.decode(r.take(r.uleb()));
  } catch {
    problems.push('The package metadata cannot be read (it should start with the package name).');
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, payload: { packageName, metadataHex: metadata, modulesHex, modules } };
}

/** `vector<u8>` as drafts hold it: the bytes as decimal strings (a string would be UTF-8 text to the SDK). */
const draftBytes = (hex: string): string[] => Array.from(bytesOf(hex), (b) => String(b));

/**
 * The transaction machine's draft that publishes the payload from `sender`, who signs alone: the
 * machine merges draft updates, so the draft says `simple` (else a sponsored or multi-agent kind
 * of the draft before it would stay).
 */
export function publishDraft(sender: string, payload: PublishPayload): TransactionDraft {
  return {
    sender,
    kind: 'simple',
    payload: {
      function: PUBLISH_FUNCTION,
      typeArguments: [],
      functionArguments: [draftBytes(payload.metadataHex), payload.modulesHex.map(draftBytes)],
    },
    options: {},
  };
}

/** Problems that keep a payload from being published by `sender` (modules compiled for another address). */
export function senderProblems(sender: string | null, payload: PublishPayload): string[] {
  if (sender === null)
    return ['Connect a wallet: the sender publishes the package under its own address.'];
  const long = `0x${sender.replace(/^0x/, '').toLowerCase().padStart(64, '0')}`;
  return payload.modules
    .filter((m) => m.address !== long)
    .map(
      (m) =>
        `Module ${m.name} is compiled for ${m.address}, not the sender: compile with --named-addresses for the sender's address.`,
    );
}

export interface PublishedAbi {
  name: string;
  functions: Array<{
    name: string;
    params: string[];
    isEntry: boolean;
    isView: boolean;
    visibility: string;
  }>;
  structs: string[];
}

/** The modules' ABIs the node rendered in a (simulated or committed) write set. */
export function abisFromChanges(changes: readonly JsonValue[]): PublishedAbi[] {
  const out: PublishedAbi[] = [];
  for (const change of changes) {
    const c = asObject(change);
    if (c?.type !== 'write_module') continue;
    const abi = asObject(asObject(c.data)?.abi);
    if (abi === null) continue;
    const fns = Array.isArray(abi.exposed_functions) ? abi.exposed_functions.map(asObject) : [];
    const structs = Array.isArray(abi.structs) ? abi.structs.map(asObject) : [];
    out.push({
      name: String(abi.name),
      functions: fns.flatMap((f) =>
        f === null
          ? []
          : [
              {
                name: String(f.name),
                params: Array.isArray(f.params) ? f.params.map(String) : [],
                isEntry: f.is_entry === true,
                isView: f.is_view === true,
                visibility: String(f.visibility),
              },
            ],
      ),
      structs: structs.flatMap((s) => (s === null ? [] : [String(s.name)])),
    });
  }
  return out;
}
