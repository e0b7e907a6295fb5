import { describe, expect, it } from 'vitest';
import { hostWarning, isLoopbackHost, parseCommandLine } from '../../localnet/config.ts';

describe('--host', () => {
  it('binds loopback by default', () => {
    const parsed = parseCommandLine([]);
    expect(parsed.help === false && parsed.options.host).toBe('127.0.0.1');
  });

  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]'])(
    'says nothing for the loopback address %s',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(hostWarning(host)).toBeNull();
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', '128.0.0.1'])(
    'warns for %s, naming the dev-only root key and what anyone could do',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      const warning = hostWarning(host) ?? '';
      expect(warning).toContain(`--host ${host}`);
      expect(warning).toContain('DEV-ONLY');
      expect(warning).toMatch(/sign as root/);
      expect(warning).toMatch(/faucet/);
      expect(warning).toMatch(/dev controls/);
    },
  );
});
