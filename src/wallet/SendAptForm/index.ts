export { SendAptForm } from './SendAptForm';
export type { SendAptFormProps } from './SendAptForm';
