import { chromiumPath, missingChromiumMessage } from './chromium';
import { existsSync } from 'node:fs';

// Runs before Vitest so that a missing browser is the only thing reported.
if (!existsSync(chromiumPath)) {
  console.error(missingChromiumMessage(chromiumPath));
  process.exit(1);
}
