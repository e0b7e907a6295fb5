import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { defaultNetwork, parseStoredNetwork, type NetworkConfig } from './networks';

export const networkStorageKey = 'workbench.network';

export interface NetworkContextValue {
  network: NetworkConfig;
  setNetwork: (network: NetworkConfig) => void;
}

export const NetworkContext = createContext<NetworkContextValue | null>(null);

function readStored(): NetworkConfig {
  try {
    return parseStoredNetwork(window.localStorage.getItem(networkStorageKey));
  } catch {
    return defaultNetwork;
  }
}

/** Holds the selected network and keeps it across reloads. */
export function NetworkProvider({ children }: { children: ReactNode }) {
  const [network, setState] = useState<NetworkConfig>(readStored);
  const setNetwork = useCallback((next: NetworkConfig) => {
    setState(next);
    try {
      window.localStorage.setItem(networkStorageKey, JSON.stringify(next));
    } catch {
      // Storage can be full or disabled; the choice still holds for this session.
    }
  }, []);
  const value = useMemo(() => ({ network, setNetwork }), [network, setNetwork]);
  return <NetworkContext.Provider value={value}>{children}</NetworkContext.Provider>;
}
