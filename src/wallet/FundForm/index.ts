export { FundForm, parseFundAmount } from './FundForm';
export type { FundFormProps } from './FundForm';
export { FAUCET_LIMIT_OCTAS, DEFAULT_FUND_TEXT } from './faucetLimits';
