import { Ajv, type ErrorObject } from 'ajv';
import { RUN_RECORD_SCHEMA_VERSION, redactSecrets } from '../machines';
import type { JsonValue, WorkbenchRun } from '../machines';
import moveTraceSchema from './move-trace.schema.json';
import schema from './run-record.schema.json';

/** The `format` of a run file. */
export const RUN_FILE_FORMAT = 'transaction-workbench.runs';

/** A run file: one or more run records (schemas/run-record.schema.json). */
export interface RunFile {
  format: typeof RUN_FILE_FORMAT;
  schemaVersion: typeof RUN_RECORD_SCHEMA_VERSION;
  exportedAt?: string;
  runs: WorkbenchRun[];
}

/** Why a file was refused: the first bad path and what was expected there. */
export class RunFileError extends Error {
  override readonly name = 'RunFileError';
  /** JSON path of the first problem, e.g. `runs[0].chain.hash`; `''` for the whole file. */
  readonly path: string;
  readonly code: 'notJson' | 'schemaVersion' | 'invalid' | 'secret';

  constructor(args: { code: RunFileError['code']; path: string; message: string }) {
    super(args.message);
    this.code = args.code;
    this.path = args.path;
  }
}

/**
 * Upgrades a file of an older layout by one version: `migrations[n]` turns version `n` into
 * `n + 1`. Bump `RUN_RECORD_SCHEMA_VERSION` and add the step here when the layout changes.
 */
export const migrations: Record<
  number,
  (file: Record<string, unknown>) => Record<string, unknown>
> = {
  // 2 added a run's optional `moveTrace`: a version 1 run is a version 2 run as it is.
  1: (file) => ({
    ...file,
    schemaVersion: 2,
    runs: Array.isArray(file.runs)
      ? file.runs.map((run: unknown) =>
          isRecord(run) && run.schemaVersion === 1 ? { ...run, schemaVersion: 2 } : run,
        )
      : file.runs,
  }),
};

const ajv = new Ajv({ allErrors: false, strict: false });
// A run's `moveTrace` refers to the trace's own schema, published beside this one.
ajv.addSchema(moveTraceSchema);
const validateFile = ajv.compile<RunFile>(schema);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A run as a file carries it: this layout's version, its trace without instruction steps. */
function exported(run: WorkbenchRun): WorkbenchRun {
  // Runs stored before the bump still say 1; their layout is a version 2 layout.
  const current: WorkbenchRun = { ...run, schemaVersion: RUN_RECORD_SCHEMA_VERSION };
  if (run.moveTrace?.steps === undefined) return current;
  const { steps: _steps, ...trace } = run.moveTrace;
  return { ...current, moveTrace: trace };
}

/** `/runs/0/chain/hash` → `runs[0].chain.hash`. */
function readablePath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
      '',
    );
}

function expectation(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `a field "${String(params.missingProperty)}"`;
    case 'additionalProperties':
      return `no field "${String(params.additionalProperty)}"`;
    case 'const':
      return `the value ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `a value of type ${String(params.type)}`;
    case 'pattern':
      return `a string matching ${String(params.pattern)}`;
    default:
      return (error.message ?? error.keyword).replace(/^must (be )?/, '');
  }
}

/** Secret-looking values: AIP-80 private keys anywhere, or keys naming a secret. */
function findSecret(value: JsonValue, path: string): string | null {
  const clean = redactSecrets(value);
  if (JSON.stringify(clean) === JSON.stringify(value)) return null;
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) {
      const found = findSecret(entry, `${path}[${index}]`);
      if (found !== null) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      const found = findSecret(entry, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return path;
}

/**
 * Reads a run file: JSON, then the schema version (older layouts go through {@link migrations};
 * newer ones are refused), then the schema, then a check that no secret is inside.
 *
 * @param text - the file's content.
 * @returns the file's runs.
 * @throws RunFileError naming the first bad path and what was expected there.
 * @example
 * ```ts
 * const { runs } = parseRunFile(await file.text());
 * ```
 */
export function parseRunFile(text: string): RunFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RunFileError({
      code: 'notJson',
      path: '',
      message: `The file is not JSON (${error instanceof Error ? error.message : String(error)}). Expected a run file exported by the workbench.`,
    });
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new RunFileError({
      code: 'invalid',
      path: '',
      message:
        'The file is not a run file: expected a JSON object with "format", "schemaVersion" and "runs".',
    });
  }
  let file = data as Record<string, unknown>;
  if (file.format === 'workbench-visualizer') {
    throw new RunFileError({
      code: 'invalid',
      path: 'format',
      message:
        'This is a visualizer export (one run drawn on its machines), not a run file: open it with the Visualizer’s Load JSON file. History and `tx-workbench` read run files (History’s Export, `tx-workbench run --out`).',
    });
  }
  if (file.schemaVersion === undefined && isRecord(file.payload)) {
    throw new RunFileError({
      code: 'invalid',
      path: '',
      message:
        'This is a draft (a transaction not yet run), not a run file: run it, in Compose or with `npx tx-workbench run draft.json --out run.json`, then import the run file.',
    });
  }
  // One run record on its own (a headless run written with JSON.stringify): a file of one run.
  if (typeof file.id === 'string' && Array.isArray(file.transitions) && file.runs === undefined) {
    file = { format: RUN_FILE_FORMAT, schemaVersion: file.schemaVersion, runs: [file] };
  }
  const version = file.schemaVersion;
  if (version === undefined) {
    throw new RunFileError({
      code: 'schemaVersion',
      path: 'schemaVersion',
      message:
        'This file has no schemaVersion: it is not a run file (one the workbench exported, or `tx-workbench run --out` wrote). A draft goes to `tx-workbench run`.',
    });
  }
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version > RUN_RECORD_SCHEMA_VERSION ||
    version < 1
  ) {
    throw new RunFileError({
      code: 'schemaVersion',
      path: 'schemaVersion',
      message: `This file has schemaVersion ${JSON.stringify(version)}; this workbench reads schemaVersion ${RUN_RECORD_SCHEMA_VERSION}${typeof version === 'number' && version > RUN_RECORD_SCHEMA_VERSION ? ' (the file comes from a newer workbench: update this one)' : ''}.`,
    });
  }
  for (let from = version; from < RUN_RECORD_SCHEMA_VERSION; from += 1) {
    const migrate = migrations[from];
    if (!migrate) {
      throw new RunFileError({
        code: 'schemaVersion',
        path: 'schemaVersion',
        message: `No migration from schemaVersion ${from}; this workbench reads schemaVersion ${RUN_RECORD_SCHEMA_VERSION}.`,
      });
    }
    file = migrate(file);
  }
  if (!validateFile(file)) {
    const error = validateFile.errors?.[0];
    const path = error ? readablePath(error.instancePath) : '';
    throw new RunFileError({
      code: 'invalid',
      path,
      message: `${path || 'The file'}: expected ${error ? expectation(error) : 'a run file'}.`,
    });
  }
  const secret = findSecret(file as unknown as JsonValue, '');
  if (secret !== null) {
    throw new RunFileError({
      code: 'secret',
      path: secret,
      message: `${secret}: expected no private key or secret; the workbench never imports one.`,
    });
  }
  return file;
}

/**
 * Writes runs as a run file (pretty JSON), secrets redacted, Move traces without steps.
 *
 * @param runs - the records to export.
 * @param now - the export time (default now).
 * @returns the file's text.
 */
export function serializeRunFile(runs: readonly WorkbenchRun[], now: Date = new Date()): string {
  const file: RunFile = {
    format: RUN_FILE_FORMAT,
    schemaVersion: RUN_RECORD_SCHEMA_VERSION,
    exportedAt: now.toISOString(),
    runs: runs.map(
      (run) => redactSecrets(exported(run) as unknown as JsonValue) as unknown as WorkbenchRun,
    ),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
