import { connect, type Socket } from 'node:net';

/**
 * A lean HTTP/1.1 keep-alive client for load generation: one request in flight per connection,
 * responses framed by Content-Length. Much cheaper per request than node:http, so the machine's
 * cores go to the chain being measured rather than to the load generator.
 */
export class RawHttpConnection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((response: { status: number; body: Buffer }) => void) | null = null;
  private readonly ready: Promise<void>;

  constructor(
    private readonly host: string,
    port: number,
  ) {
    this.socket = connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
  }

  private parse(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end === -1 || this.waiting === null) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const match = /content-length:\s*(\d+)/i.exec(head);
    const length = match === null ? 0 : Number(match[1]);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.subarray(end + 4, end + 4 + length);
    this.buffer = this.buffer.subarray(end + 4 + length);
    const resolve = this.waiting;
    this.waiting = null;
    resolve({ status, body });
  }

  /**
   * A whole request (head and body) as bytes, built once: the throughput run builds every request
   * before it starts the clock, as it signs every transaction before, so the load generator's time
   * goes to sending and reading.
   */
  static requestBytes(
    host: string,
    method: string,
    path: string,
    body?: Uint8Array,
    contentType?: string,
  ): Buffer {
    const head =
      `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n` +
      (body === undefined
        ? ''
        : `Content-Type: ${contentType ?? 'application/json'}\r\nContent-Length: ${body.length}\r\n`) +
      '\r\n';
    return body === undefined
      ? Buffer.from(head, 'latin1')
      : Buffer.concat([Buffer.from(head, 'latin1'), body]);
  }

  /** Sends a request built by {@link requestBytes}; the answer's body stays bytes. */
  async send(request: Buffer): Promise<{ status: number; body: Buffer }> {
    await this.ready;
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(request);
    });
  }

  async request(
    method: string,
    path: string,
    body?: Uint8Array,
    contentType?: string,
  ): Promise<{ status: number; body: string }> {
    const response = await this.send(
      RawHttpConnection.requestBytes(this.host, method, path, body, contentType),
    );
    return { status: response.status, body: response.body.toString('utf8') };
  }

  close(): void {
    this.socket.destroy();
  }
}
