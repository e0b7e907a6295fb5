// The gas schedule and meter live with the VM (it charges and raises OutOfGas); the executor,
// the node and the tests read them here, where they always have.
export { GAS, GasMeter, intrinsicGasUnits, OutOfGas } from '../move/vm/gas.ts';
