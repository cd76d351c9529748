import type { KernelProviderError } from '@gate4agent/kernel';
import type {
  ProviderObservationOutcome,
  ProviderObservationStatus,
} from './contract/provider-observation-outcome.js';

/** A receipt as this package produces it: `rejected` carries the kernel's provider error. */
export type ProviderReceipt = ProviderObservationOutcome<KernelProviderError>;

/** The status of a {@link ProviderReceipt}. */
export type ProviderReceiptStatus = ProviderObservationStatus<KernelProviderError>;
