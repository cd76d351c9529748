import { createHash } from 'node:crypto';
import { err, ok, type Result, utf8Encode } from '@gate4agent/types';
import {
  CAPABILITY_DIGEST_DOMAIN_PREFIX,
  CAPABILITY_SET_SCHEMA,
  MAX_CAPABILITY_CANONICAL_BYTES,
} from '../constants.js';
import { CapabilitySetError } from '../errors/capability-set-error.js';
import type { CapabilityDescriptor } from './capability-descriptor.js';
import type { CapabilitySource, CapabilitySourceEvidence } from './capability-source.js';
import type { Sha256Digest } from './sha256-digest.js';
import type { UseCapabilityGeneration } from './use-capability-generation.js';

// The digest input keeps the upstream serde tags (camelCase evidence kinds) so a set digests to
// the same value as in A3S Code; the in-memory union uses the kebab-case kinds of this project.
const EVIDENCE_TAG: Record<CapabilitySourceEvidence['kind'], string> = {
  'built-in': 'builtIn',
  host: 'host',
  session: 'session',
  'use-package': 'usePackage',
};

function evidenceJson(evidence: CapabilitySourceEvidence): Record<string, unknown> {
  const tag = EVIDENCE_TAG[evidence.kind];
  if (evidence.kind === 'use-package') {
    return {
      kind: tag,
      capability: evidence.capability.toJSON(),
      package: evidence.package.toJSON(),
    };
  }
  return { kind: tag, revision: evidence.revision };
}

function u64BigEndian(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
}

/** The inputs of one set's canonical digest, already in canonical order. */
export interface CanonicalSetInput {
  readonly generation: number;
  readonly useGeneration: UseCapabilityGeneration | null;
  readonly sources: readonly CapabilitySource[];
  readonly capabilities: readonly CapabilityDescriptor[];
}

/**
 * The canonical SHA-256 digest of a capability set: domain-separated, length-framed, over the
 * compact JSON identity object (schema, generation, useGeneration, sources, capabilities).
 */
export function canonicalSetDigest(
  input: CanonicalSetInput,
): Result<Sha256Digest, CapabilitySetError> {
  let json: string;
  try {
    json = JSON.stringify({
      schema: CAPABILITY_SET_SCHEMA,
      generation: input.generation,
      useGeneration: input.useGeneration === null ? null : input.useGeneration.toJSON(),
      sources: input.sources.map((s) => ({
        id: s.id,
        class: s.sourceClass,
        evidence: evidenceJson(s.evidence),
      })),
      capabilities: input.capabilities.map((d) => ({
        id: d.id.toJSON(),
        publicName: d.publicName,
        surfaceDigest: d.surfaceDigest,
        dependencies: d.dependencies.map((dep) => dep.toJSON()),
      })),
    });
  } catch (thrown) {
    return err(CapabilitySetError.canonicalEncoding(String(thrown)));
  }
  const bytes = utf8Encode(json);
  if (bytes.length > MAX_CAPABILITY_CANONICAL_BYTES) {
    return err(CapabilitySetError.boundExceeded('canonical_bytes', MAX_CAPABILITY_CANONICAL_BYTES));
  }
  const domain = utf8Encode(CAPABILITY_SET_SCHEMA);
  const hash = createHash('sha256');
  hash.update(utf8Encode(CAPABILITY_DIGEST_DOMAIN_PREFIX));
  hash.update(new Uint8Array([0]));
  hash.update(u64BigEndian(domain.length));
  hash.update(domain);
  hash.update(bytes);
  hash.update(u64BigEndian(bytes.length));
  return ok(`sha256:${hash.digest('hex')}` as Sha256Digest);
}
