import { describe, expect, it } from 'vitest';
import { checkChain } from '../../../src/network/ledgerQueries';
import {
  defaultNetwork,
  parseCustomNetwork,
  parseStoredNetwork,
  presetNetworks,
} from '../../../src/network/networks';

describe('parseCustomNetwork', () => {
  it('refuses a custom network without a full node URL, naming what is missing', () => {
    const result = parseCustomNetwork({ fullnode: '  ', faucet: 'http://127.0.0.1:8081' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.fullnode).toMatch(/needs a full node URL/);
    expect(result.errors.faucet).toBeUndefined();
  });

  it.each([
    ['not a url', /is not a URL/],
    ['ftp://node.example/v1', /must start with http:\/\/ or https:\/\//],
  ])('refuses the full node URL %j', (fullnode, message) => {
    const result = parseCustomNetwork({ fullnode });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.fullnode).toMatch(message);
  });

  it('checks the optional URLs only when given', () => {
    const result = parseCustomNetwork({ fullnode: 'http://10.0.0.5:8080/v1', indexer: 'nope' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.indexer).toMatch(/The indexer URL is not a URL/);
  });

  it('adds /v1 to a bare node address and keeps the optional URLs', () => {
    expect(
      parseCustomNetwork({ fullnode: 'http://127.0.0.1:9090', faucet: 'http://127.0.0.1:9091' }),
    ).toEqual({
      ok: true,
      network: {
        kind: 'custom',
        fullnode: 'http://127.0.0.1:9090/v1',
        faucet: 'http://127.0.0.1:9091',
      },
    });
  });

  it('keeps a node path as given', () => {
    const result = parseCustomNetwork({ fullnode: 'https://node.example/aptos/v1/' });
    expect(result).toEqual({
      ok: true,
      network: { kind: 'custom', fullnode: 'https://node.example/aptos/v1' },
    });
  });
});

describe('parseStoredNetwork', () => {
  it('restores presets and valid custom networks', () => {
    expect(parseStoredNetwork(JSON.stringify({ kind: 'testnet' }))).toBe(presetNetworks.testnet);
    expect(
      parseStoredNetwork(JSON.stringify({ kind: 'custom', fullnode: 'http://127.0.0.1:1/v1' })),
    ).toEqual({ kind: 'custom', fullnode: 'http://127.0.0.1:1/v1' });
  });

  it.each([null, '', '{', 'null', '42', '{"kind":"moon"}', '{"kind":"custom"}'])(
    'falls back to the embedded chain for %j',
    (raw) => {
      expect(parseStoredNetwork(raw)).toBe(defaultNetwork);
    },
  );
});

describe('checkChain', () => {
  it('accepts the expected chain id', () => {
    expect(checkChain(presetNetworks.local, { chainId: 4, pending: false })).toEqual({
      state: 'ok',
      chainId: 4,
    });
  });

  it('flags a node whose chain id differs from the network', () => {
    expect(checkChain(presetNetworks.testnet, { chainId: 4, pending: false })).toEqual({
      state: 'mismatch',
      chainId: 4,
      expected: 2,
    });
  });

  it('accepts any chain id where none is fixed (devnet, custom)', () => {
    expect(checkChain(presetNetworks.devnet, { chainId: 177, pending: false }).state).toBe('ok');
  });

  it('says how to start the embedded chain when it cannot be reached', () => {
    const check = checkChain(presetNetworks.local, {
      error: new Error('connect ECONNREFUSED'),
      pending: false,
    });
    expect(check.state).toBe('unreachable');
    if (check.state === 'unreachable') {
      expect(check.message).toContain('http://127.0.0.1:8080/v1');
      expect(check.message).toContain('ECONNREFUSED');
      expect(check.message).toContain('npm start');
      expect(check.message).toMatch(/^The Local \(embedded chain\) node at /);
      expect(check.message).not.toContain('`');
    }
  });

  it('names an unreachable devnet and says what to do next', () => {
    const check = checkChain(presetNetworks.devnet, {
      error: new TypeError('Failed to fetch'),
      pending: false,
    });
    expect(check).toEqual({
      state: 'unreachable',
      message:
        'The Devnet node at https://api.devnet.aptoslabs.com/v1 cannot be reached (Failed to fetch). Check your connection, or pick another network in the header.',
    });
  });

  it('is checking while the first answer is pending', () => {
    expect(checkChain(presetNetworks.local, { pending: true })).toEqual({ state: 'checking' });
  });
});
