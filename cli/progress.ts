/** A progress indicator on stderr while the chain is asked to commit. */
export interface Progress {
  start(label: string): void;
  stop(): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * A spinner with the elapsed time on a terminal; elsewhere (pipes, CI) a line every few seconds.
 *
 * @param stream - where to draw (default stderr, so stdout stays the transitions).
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  let timer: NodeJS.Timeout | null = null;
  let started = 0;
  let frame = 0;
  const stop = () => {
    if (timer === null) return;
    clearInterval(timer);
    timer = null;
    if (stream.isTTY) stream.write('\r\x1b[2K');
  };
  return {
    start: (label) => {
      stop();
      started = Date.now();
      const draw = () => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        if (stream.isTTY) {
          stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${label} ${seconds} s`);
        } else {
          stream.write(`… ${label} ${seconds} s\n`);
        }
      };
      draw();
      timer = setInterval(draw, stream.isTTY ? 80 : 2000);
    },
    stop,
  };
}
