import { createServer } from 'vite';

/**
 * `npm start`: the whole workbench on this machine. Serves the app with Vite on 127.0.0.1:5173
 * and prints where to open it.
 */
async function main(): Promise<void> {
  const server = await createServer({ server: { host: '127.0.0.1', port: 5173, strictPort: true } });
  await server.listen();
  const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
  console.log(`\nTransaction Workbench is running at ${url}\nPress Ctrl+C to stop.\n`);

  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Could not start the workbench: ${message}`);
  if (message.includes('5173')) {
    console.error('Port 5173 is taken: stop the other server (or `npm run dev` instance) and retry.');
  }
  process.exit(1);
});
