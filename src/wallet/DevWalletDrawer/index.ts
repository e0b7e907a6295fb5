export { DevWalletDrawer } from './DevWalletDrawer';
