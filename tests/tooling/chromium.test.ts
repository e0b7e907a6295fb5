import { describe, expect, it } from 'vitest';
import { assertChromiumInstalled, chromiumFlags, missingChromiumMessage } from '../e2e/chromium';

describe('browser test preflight', () => {
  it('names the path and the command that installs Chromium', () => {
    const message = missingChromiumMessage('/nowhere/chromium');
    expect(message).toContain('/nowhere/chromium');
    expect(message).toContain('apt-get update && apt-get install -y chromium');
  });

  it('throws that message when the binary is missing', () => {
    expect(() => assertChromiumInstalled('/nowhere/chromium')).toThrow(
      /apt-get install -y chromium/,
    );
  });

  it('launches with the flags this closed network needs', () => {
    expect(chromiumFlags).toEqual(
      expect.arrayContaining([
        '--headless',
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
      ]),
    );
  });
});
