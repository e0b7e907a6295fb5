/** The instruction stepper: one execution traced again with steps, walked both ways. */
export { StepThrough } from './StepThrough';
export type { StepThroughProps } from './StepThrough';
export { Stepper } from './Stepper';
export type { StepperProps } from './Stepper';
