import { createContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { walletMachine } from '../../machines';
import type { AdapterBridge } from '../actors';
import type { DevWallet } from '../devwallet';

/** What {@link WalletMachineProvider} shares. */
export interface WalletMachineContextValue {
  /** The running wallet machine. */
  actorRef: ActorRefFrom<typeof walletMachine>;
  /** The mounted wallet adapter, as data and commands. */
  bridge: AdapterBridge;
  /** The in-page dev wallet. */
  devWallet: DevWallet | undefined;
}

/** Holds the wallet machine for `useWalletMachine`; `null` outside its provider. */
export const WalletMachineContext = createContext<WalletMachineContextValue | null>(null);
