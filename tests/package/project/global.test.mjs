import { expect, inject, test } from 'vitest';

test('reaches the chain the global setup started', async () => {
  const ledger = await (await fetch(inject('aptosRest'))).json();
  expect(ledger.chain_id).toBe(4);
});
