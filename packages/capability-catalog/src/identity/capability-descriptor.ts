import { err, ok, type Result } from '@gate4agent/types';
import { MAX_CAPABILITY_DEPENDENCIES, MAX_CAPABILITY_PUBLIC_NAME_BYTES } from '../constants.js';
import { CapabilitySetError } from '../errors/capability-set-error.js';
import { CapabilityId } from './capability-id.js';
import type { CapabilityKind } from './capability-kind.js';
import type { CapabilitySource } from './capability-source.js';
import type { Sha256Digest } from './sha256-digest.js';
import { validateBoundedText } from './validate-identifier.js';

/** The identity of one capability: id, public name, surface digest and sorted dependencies. */
export class CapabilityDescriptor {
  private constructor(
    readonly id: CapabilityId,
    readonly publicName: string,
    readonly surfaceDigest: Sha256Digest,
    readonly dependencies: readonly CapabilityId[],
  ) {
    Object.freeze(this);
  }

  /**
   * Derives the id, validates the public name (bounded text, 256 bytes), bounds the dependencies
   * at 128, sorts them in id order and refuses repeats and a dependency on itself.
   */
  static create(
    source: CapabilitySource,
    kind: CapabilityKind,
    localId: string,
    publicName: string,
    surfaceDigest: Sha256Digest,
    dependencies: Iterable<CapabilityId> = [],
  ): Result<CapabilityDescriptor, CapabilitySetError> {
    const id = CapabilityId.create(source, kind, localId);
    if (!id.ok) return id;
    const name = validateBoundedText('public_name', publicName, MAX_CAPABILITY_PUBLIC_NAME_BYTES);
    if (!name.ok) return name;
    const deps: CapabilityId[] = [];
    for (const dependency of dependencies) {
      if (deps.length === MAX_CAPABILITY_DEPENDENCIES) {
        return err(CapabilitySetError.boundExceeded('dependencies', MAX_CAPABILITY_DEPENDENCIES));
      }
      deps.push(dependency);
    }
    deps.sort(CapabilityId.compare);
    for (let i = 1; i < deps.length; i += 1) {
      if (deps[i - 1]!.equals(deps[i]!)) {
        return err(
          CapabilitySetError.duplicateDependency(id.value.toString(), deps[i]!.toString()),
        );
      }
    }
    if (deps.some((dependency) => dependency.equals(id.value))) {
      return err(CapabilitySetError.selfDependency(id.value.toString()));
    }
    return ok(new CapabilityDescriptor(id.value, publicName, surfaceDigest, Object.freeze(deps)));
  }

  /** The kind of the described capability. */
  get capabilityKind(): CapabilityKind {
    return this.id.capabilityKind;
  }
}
