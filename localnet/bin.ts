// `aptos-localnet`, the package's command (localnet/package.json's bin); `npm run localnet` is main.ts.
import { runLocalnet } from './cli.ts';

runLocalnet(process.argv.slice(2), { name: 'aptos-localnet', command: 'aptos-localnet' }).catch(
  (error: unknown) => {
    console.error(
      'aptos-localnet: failed to start:',
      error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
