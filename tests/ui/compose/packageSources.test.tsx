import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { CommittedResult, transactionMachine } from '../../../machines';
import { readPackageSources } from '../../../src/features/compose/publish/packageSources';
import { PackageSourcesPicker } from '../../../src/features/compose/publish/PackageSourcesPicker';
import type { PublishPayload } from '../../../src/features/compose/publish/publishPayload';
import { act } from '@testing-library/react';
import { render, screen, userEvent, waitFor } from '../../test-utils/render';

const OWNER = `0x${'ab'.repeat(32)}`;

/** A file as a folder pick gives it: its path from the picked folder in `webkitRelativePath`. */
function picked(path: string, content: string | Uint8Array<ArrayBuffer>): File {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const file = new File([content], name);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

const buildFolder = () => [
  picked('Market/bytecode_modules/market.mv', Uint8Array.of(0xa1, 0x1c)),
  picked('Market/source_maps/market.mvsm', Uint8Array.of(1, 2, 255)),
  picked('Market/source_maps/dependencies/AptosFramework/coin.mvsm', Uint8Array.of(9)),
  picked('Market/sources/market.move', 'module 0xab::market {}'),
  picked('Market/sources/dependencies/AptosFramework/coin.move', 'module 0x1::coin {}'),
  picked('Market/Move.toml', '[package]'),
];

describe('readPackageSources', () => {
  it('takes the package’s own maps and sources from a build folder, not its dependencies’', async () => {
    expect(await readPackageSources(buildFolder(), ['market', 'pricing'])).toEqual({
      modules: [{ name: 'market', sourceMap: '0x0102ff' }],
      files: { 'sources/market.move': 'module 0xab::market {}' },
      missing: ['pricing'],
    });
  });

  it('takes files picked one by one as sources/<name>', async () => {
    const files = [new File([Uint8Array.of(7)], 'm.mvsm'), new File(['module m {}'], 'm.move')];
    expect(await readPackageSources(files, ['m'])).toEqual({
      modules: [{ name: 'm', sourceMap: '0x07' }],
      files: { 'sources/m.move': 'module m {}' },
      missing: [],
    });
  });
});

/** A stand-in for the transaction actor: only what useSelector reads, committed on demand. */
function fakeActor() {
  let committed: CommittedResult | null = null;
  const listeners = new Set<() => void>();
  const actor = {
    getSnapshot: () => ({ context: { committed } }),
    subscribe: (observer: (() => void) | { next?: () => void }) => {
      const listener = typeof observer === 'function' ? observer : () => observer.next?.();
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  };
  return {
    actorRef: actor as unknown as ActorRefFrom<typeof transactionMachine>,
    commit: (result: CommittedResult) => {
      committed = result;
      for (const listener of listeners) listener();
    },
  };
}

const payload: PublishPayload = {
  packageName: 'Market',
  metadataHex: '0x',
  modulesHex: [],
  modules: [{ name: 'market', address: OWNER, version: 7, bytes: 2 }],
};

describe('<PackageSourcesPicker>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the build folder’s maps to POST /workbench/sources once the package is committed', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        bodies.push({ url, body: JSON.parse(String(init?.body)) as unknown });
        return Promise.resolve(
          new Response(
            JSON.stringify({ modules: [`${OWNER}::market`], files: [], missing_files: 0 }),
          ),
        );
      }),
    );
    const { actorRef, commit } = fakeActor();
    render(<PackageSourcesPicker payload={payload} actorRef={actorRef} />);
    expect(screen.getByRole('group', { name: 'Source maps' })).toBeInTheDocument();
    const folder = screen.getByRole('button', { name: 'Choose the build folder…' });
    const input = folder.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no folder input');
    expect(input).toHaveAttribute('webkitdirectory');
    await userEvent.upload(input, buildFolder());
    await screen.findByText(/Source maps of market; 1 source file\. Sent to the chain when/);
    expect(bodies).toEqual([]);
    act(() =>
      commit({
        hash: '0x1',
        version: '9',
        success: true,
        vmStatus: 'Executed successfully',
        gasUsed: '10',
        events: [],
        changes: [],
      }),
    );
    await screen.findByText(/The chain has them: traces show file\.move:line for 1 module\./);
    expect(bodies).toEqual([
      {
        url: 'http://127.0.0.1:8080/workbench/sources',
        body: {
          address: OWNER,
          package: 'Market',
          modules: [{ name: 'market', sourceMap: '0x0102ff' }],
          files: { 'sources/market.move': 'module 0xab::market {}' },
        },
      },
    ]);
  });

  it('sends at once when the folder is picked after the package was committed', async () => {
    const post = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ modules: [`${OWNER}::market`] }))),
    );
    vi.stubGlobal('fetch', post);
    const { actorRef, commit } = fakeActor();
    commit({
      hash: '0x3',
      version: '9',
      success: true,
      vmStatus: 'Executed successfully',
      gasUsed: '10',
      events: [],
      changes: [],
    });
    render(<PackageSourcesPicker payload={payload} actorRef={actorRef} />);
    expect(post).not.toHaveBeenCalled();
    const folder = screen.getByRole('button', { name: 'Choose the build folder…' });
    const input = folder.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no folder input');
    await userEvent.upload(input, buildFolder());
    await screen.findByText(/The chain has them/);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('shows the chain’s refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ message: 'no module 0xab::market is published' }), {
            status: 400,
          }),
        ),
      ),
    );
    const { actorRef, commit } = fakeActor();
    render(<PackageSourcesPicker payload={payload} actorRef={actorRef} />);
    const files = screen.getByRole('button', { name: 'Choose files…' });
    const input = files.parentElement?.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no files input');
    await userEvent.upload(input, [new File([Uint8Array.of(1)], 'market.mvsm')]);
    await screen.findByText(/Source maps of market; 0 source files/);
    act(() =>
      commit({
        hash: '0x2',
        version: '9',
        success: true,
        vmStatus: 'Executed successfully',
        gasUsed: '10',
        events: [],
        changes: [],
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/no module 0xab::market is published/),
    );
  });
});
