export { NetworkSelector } from './NetworkSelector';
