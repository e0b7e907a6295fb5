// Mantine's documented jsdom set-up (mantine.dev/guides/vitest).
import '@testing-library/jest-dom/vitest';
// IndexedDB for the run history (Dexie), in memory.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy…/waitFor wait up to 5 s: lazy pages and in-process chains answer slower on a loaded
// 2-core machine than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.location.hash = '';
});

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;

// jsdom's TextEncoder returns Uint8Arrays from Node's realm, which fail the ts-sdk's
// `instanceof Uint8Array` checks inside jsdom's realm (a browser has one realm, so the app is not
// affected). Copy the bytes into this realm.
const NodeTextEncoder = globalThis.TextEncoder;
class SameRealmTextEncoder extends NodeTextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
}
globalThis.TextEncoder = SameRealmTextEncoder;
