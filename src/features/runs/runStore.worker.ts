/// <reference lib="webworker" />
import { createRunStore } from './runStore';
import type { HostPort } from './runStoreProtocol';
import { serveRunStore } from './runStoreHost';

// The run history's IndexedDB work (Dexie) runs here, so a save costs the page one postMessage.
serveRunStore(self as unknown as DedicatedWorkerGlobalScope & HostPort, createRunStore());
