export { CopyValue } from './CopyValue';
