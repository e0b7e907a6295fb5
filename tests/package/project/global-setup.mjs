// One chain for the whole run, started in Vitest's main process (localnet/README.md, globalSetup).
import { startLocalnet } from '@tx-workbench/localnet';

export default async function setup(project) {
  const localnet = await startLocalnet({
    ephemeral: true,
    ports: 'auto',
    mining: { mode: 'instant' },
  });
  project.provide('aptosRest', localnet.urls.rest);
  return () => localnet.stop();
}
