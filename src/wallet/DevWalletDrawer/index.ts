export { DevWalletDrawer } from './DevWalletDrawer';
export {
  openDevWalletDrawer,
  closeDevWalletDrawer,
  useDevWalletDrawerOpened,
} from './devWalletDrawerStore';
