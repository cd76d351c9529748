import type { AdapterFamily, AdapterId } from '@gate4agent/types';
import { familyName } from './family-name.js';

/** Why an adapter descriptor was refused by an {@link AdapterRegistry}. */
export type AdapterRegistryError =
  | {
      readonly kind: 'duplicate';
      readonly family: AdapterFamily;
      readonly adapterId: AdapterId;
      readonly message: string;
    }
  | {
      readonly kind: 'missing-agents';
      readonly family: AdapterFamily;
      readonly adapterId: AdapterId;
      readonly message: string;
    }
  | {
      readonly kind: 'invalid-binding';
      readonly family: AdapterFamily;
      readonly adapterId: AdapterId;
      readonly message: string;
    };

/** One factory per {@link AdapterRegistryError} variant, with a plain-English message. */
export const AdapterRegistryError = {
  duplicate: (family: AdapterFamily, adapterId: AdapterId): AdapterRegistryError => ({
    kind: 'duplicate',
    family,
    adapterId,
    message: `duplicate ${familyName(family)} adapter ID: ${adapterId}; register each adapter once`,
  }),
  missingAgents: (family: AdapterFamily, adapterId: AdapterId): AdapterRegistryError => ({
    kind: 'missing-agents',
    family,
    adapterId,
    message: `${familyName(family)} adapter ${adapterId} has no bound agents; bind at least one agent or leave the adapter out`,
  }),
  invalidBinding: (
    family: AdapterFamily,
    adapterId: AdapterId,
    reason: string,
  ): AdapterRegistryError => ({
    kind: 'invalid-binding',
    family,
    adapterId,
    message: `invalid ${familyName(family)} adapter ${adapterId}: ${reason}; correct the adapter`,
  }),
};

/** @deprecated use {@link AdapterRegistryError} (one error-factory naming, CONTRIBUTING.md). */
export const adapterRegistryError = AdapterRegistryError;
