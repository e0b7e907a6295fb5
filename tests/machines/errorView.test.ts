/**
 * How a thrown value is read (machines/errorView.ts), exactly: numbers and bigints as text, a
 * cause cut between words, a node's body found in an adapter's string, the cause chain's codes,
 * and which views are the node's and which the network's.
 */
import { describe, expect, it } from 'vitest';
import { causeOf, isNodeError, isTransport, str, trim, view } from '../../machines/errorView';

describe('str', () => {
  it('strings as they are, numbers and bigints as text, nothing else', () => {
    expect(str('a')).toBe('a');
    expect(str(42)).toBe('42');
    expect(str(7n)).toBe('7');
    expect(str(true)).toBeNull();
    expect(str(null)).toBeNull();
  });
});

describe('trim', () => {
  it('keeps 600 characters whole, and cuts longer text at the last word break', () => {
    const exact = 'a'.repeat(600);
    expect(trim(exact)).toBe(exact);
    const words = `${'word '.repeat(119)}tail-and-more`; // 595 + 13 characters
    expect(trim(words)).toBe(`${'word '.repeat(118)}word…`);
    // One word longer than the limit has no break: cut at 600.
    expect(trim('x'.repeat(700))).toBe(`${'x'.repeat(600)}…`);
    // A break only at the very start is no break either.
    expect(trim(` ${'y'.repeat(700)}`)).toBe(` ${'y'.repeat(599)}…`);
  });
});

describe('view', () => {
  it('a plain string: its body, if the node’s JSON is inside', () => {
    const text = 'failed: {"message":"nope","error_code":"invalid_input","vm_error_code":3} end';
    expect(view(text)).toStrictEqual({
      name: null,
      message: text,
      httpStatus: null,
      body: { message: 'nope', errorCode: 'invalid_input', vmErrorCode: 3 },
      transaction: undefined,
      walletStatus: null,
      causeText: '',
    });
    expect(view('{"message":"at the start"}').body).toStrictEqual({
      message: 'at the start',
      errorCode: null,
      vmErrorCode: null,
    });
    expect(view('no body here }').body).toBeNull();
    expect(view('}{"message"').body).toBeNull();
    expect(view('{"message":"broken"').body).toBeNull();
    expect(view('{"message" x}').body).toBeNull();
    expect(view('{"message":null,"error_code":null}').body).toBeNull();
    expect(view(404).message).toBe('404');
  });

  it('an object: name, status, data, the codes of its cause chain', () => {
    const error = {
      name: 'TypeError',
      message: 'fetch failed',
      code: 'E_OUTER',
      cause: { code: 'ECONNREFUSED', message: '', cause: { message: 'deeper', cause: 'text' } },
    };
    expect(view(error)).toStrictEqual({
      name: 'TypeError',
      message: 'fetch failed',
      httpStatus: null,
      body: null,
      transaction: undefined,
      walletStatus: null,
      causeText: 'E_OUTER ECONNREFUSED deeper',
    });
    expect(view({ data: { error_code: 'x', vm_error_code: 'not a number' } }).body).toStrictEqual({
      message: null,
      errorCode: 'x',
      vmErrorCode: null,
    });
    expect(view({ message: 3 }).message).toBe('3');
    expect(view({}).message).toBe('');
  });

  it('follows a cause chain five levels deep, no further', () => {
    let cause: unknown = { code: 'L6' };
    for (let level = 5; level >= 1; level -= 1) cause = { code: `L${level}`, cause };
    expect(view({ message: 'top', cause }).causeText).toBe('L1 L2 L3 L4 L5');
  });
});

describe('isNodeError and isTransport', () => {
  it('an HTTP status alone makes it the node’s', () => {
    expect(isNodeError(view({ status: 502, message: 'fetch failed' }))).toBe(true);
    expect(isTransport(view({ status: 502, message: 'fetch failed' }))).toBe(false);
  });

  it('the network’s words in the name count', () => {
    expect(isTransport(view({ name: 'NetworkError', message: 'boom' }))).toBe(true);
    expect(isTransport(view({ message: 'boom' }))).toBe(false);
  });
});

describe('causeOf', () => {
  it('adds the cause chain unless the message already says it', () => {
    expect(causeOf(view({ message: 'fetch failed', code: 'ECONNRESET' }))).toBe(
      'fetch failed (ECONNRESET)',
    );
    expect(causeOf(view({ message: 'fetch failed: ECONNRESET', code: 'ECONNRESET' }))).toBe(
      'fetch failed: ECONNRESET',
    );
    expect(causeOf(view({ message: 'plain' }))).toBe('plain');
  });
});
