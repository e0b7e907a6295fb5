export { ApprovalModal } from './ApprovalModal';
export type { ApprovalModalProps } from './ApprovalModal';
export { RequestSummary } from './RequestSummary';
export type { RequestSummaryProps } from './RequestSummary';
