/**
 * The source maps and sources of an `aptos move compile` build folder (`build/<Package>`), read
 * from the files a user picks (the folder, or the files themselves), as
 * `POST /workbench/sources` takes them: the embedded chain then shows `file.move:line` in traces.
 */

/** The body of `POST /workbench/sources`, less the address and package the payload gives. */
export interface PackageSourceFiles {
  /** One per module of the package with a `.mvsm`, its bytes as `0x` hex. */
  modules: Array<{ name: string; sourceMap: string }>;
  /** Source text by path in the package (`sources/m.move`). */
  files: Record<string, string>;
  /** Modules of the package without a source map among the files. */
  missing: string[];
}

function readAs<T extends 'text' | 'bytes'>(
  file: File,
  as: T,
): Promise<T extends 'text' ? string : Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        (as === 'text'
          ? String(reader.result)
          : new Uint8Array(reader.result as ArrayBuffer)) as T extends 'text' ? string : Uint8Array,
      );
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    if (as === 'text') reader.readAsText(file);
    else reader.readAsArrayBuffer(file);
  });
}

/**
 * The file's path inside the package: a folder pick gives `Pkg/sources/m.move` (the first segment
 * is the folder picked) → `sources/m.move`; a file picked alone is taken as `sources/<name>`.
 */
function packagePath(file: File): string {
  // Not every File has it (jsdom's, files dropped rather than picked).
  const relative = (file as { webkitRelativePath?: string }).webkitRelativePath ?? '';
  if (relative === '' || !relative.includes('/')) return `sources/${file.name}`;
  return relative.slice(relative.indexOf('/') + 1);
}

const hex = (bytes: Uint8Array) =>
  `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * Reads the picked files: the `.mvsm` of each module the package publishes (a dependency's map in
 * the same folder is left out) and every `.move` under `sources/` (not the copies of the
 * dependencies' sources the build keeps in `sources/dependencies/`).
 *
 * @param modules - the package's module names, from the publish payload.
 */
export async function readPackageSources(
  picked: readonly File[],
  modules: readonly string[],
): Promise<PackageSourceFiles> {
  const maps = new Map<string, File>();
  const sources: File[] = [];
  for (const file of picked) {
    const path = packagePath(file);
    if (file.name.endsWith('.mvsm')) {
      const name = file.name.slice(0, -'.mvsm'.length);
      // A folder pick holds the dependencies' maps too (source_maps/dependencies/…).
      if (modules.includes(name) && !path.includes('dependencies/')) maps.set(name, file);
    } else if (
      file.name.endsWith('.move') &&
      path.startsWith('sources/') &&
      !path.startsWith('sources/dependencies/')
    ) {
      sources.push(file);
    }
  }
  const read = await Promise.all(
    [...maps].map(async ([name, file]) => ({
      name,
      sourceMap: hex(await readAs(file, 'bytes')),
    })),
  );
  const files: Record<string, string> = {};
  for (const file of sources) files[packagePath(file)] = await readAs(file, 'text');
  return {
    modules: read.sort((a, b) => a.name.localeCompare(b.name)),
    files,
    missing: modules.filter((name) => !maps.has(name)),
  };
}
