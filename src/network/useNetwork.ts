import { useContext } from 'react';
import { NetworkContext, type NetworkContextValue } from './NetworkContext';

/** The selected network and its setter. Must be used inside `NetworkProvider`. */
export function useNetwork(): NetworkContextValue {
  const value = useContext(NetworkContext);
  if (!value) throw new Error('useNetwork must be used inside <NetworkProvider>');
  return value;
}
