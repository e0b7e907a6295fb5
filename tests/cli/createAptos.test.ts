/** The CLI's SDK client: named networks by name, any other URL as a custom network. */
import { Network } from '@aptos-labs/ts-sdk';
import { describe, expect, it, vi } from 'vitest';
import { createAptos } from '../../cli/headless';

describe('createAptos (CLI)', () => {
  it('gives the SDK the named network, with the node URL it was given', () => {
    const local = createAptos({ nodeUrl: 'http://127.0.0.1:8080/v1', networkName: 'local' });
    expect(local.config.network).toBe(Network.LOCAL);
    expect(local.config.fullnode).toBe('http://127.0.0.1:8080/v1');
    expect(createAptos({ nodeUrl: 'https://x/v1', networkName: 'testnet' }).config.network).toBe(
      Network.TESTNET,
    );
  });

  it('treats any other node as custom', () => {
    for (const networkName of ['custom', undefined]) {
      const aptos = createAptos({
        nodeUrl: 'http://10.0.0.5:8080/v1',
        ...(networkName === undefined ? {} : { networkName }),
      });
      expect(aptos.config.network).toBe(Network.CUSTOM);
    }
  });

  it('sends the SDK’s note on custom networks to stderr, keeping stdout for the command', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      createAptos({ nodeUrl: 'http://10.0.0.5:8080/v1' });
      expect(info).not.toHaveBeenCalled();
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/CUSTOM network/));
      // console.info is itself again afterwards.
      expect(Reflect.get(console, 'info')).toBe(info);
    } finally {
      info.mockRestore();
      error.mockRestore();
    }
  });
});
