// `npm run localnet` (scripts/localnet.mjs bundles this file); the package's command is bin.ts.
import { runLocalnet } from './cli.ts';

runLocalnet(process.argv.slice(2), { name: 'localnet', command: 'npm run localnet' }).catch(
  (error: unknown) => {
    console.error('localnet: failed to start:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
