/* global beforeAll, afterAll, test, expect */
// Jest loads the package's CommonJS build; stop() leaves nothing open, so Jest exits on its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS build is what this file checks
const { startLocalnet } = require('@tx-workbench/localnet');

let localnet;
beforeAll(async () => {
  localnet = await startLocalnet({ ephemeral: true, ports: 'auto', mining: { mode: 'instant' } });
});
afterAll(() => localnet.stop());

test('the faucet funds an account', async () => {
  const address = `0x${'ab'.repeat(32)}`;
  await localnet.fund(address, 12_345n);
  const response = await fetch(`${localnet.urls.rest}/accounts/${address}/balance/0xa`);
  expect(await response.text()).toBe('12345');
});
