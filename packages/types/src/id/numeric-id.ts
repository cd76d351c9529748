// The transparent u64 newtypes of gate4agent-types. They are branded safe integers
// (ARCHITECTURE decision 3): 0 ≤ n ≤ Number.MAX_SAFE_INTEGER stands in for Rust's u64 range.
import Type from 'typebox';
import { Gate4AgentError } from '../shared/gate4agent-error.js';

declare const brand: unique symbol;

/** A `number` that only a validating factory can produce. */
export type BrandedNumber<B extends string> = number & { readonly [brand]: B };

/** Whether `value` is an integer in 0..=Number.MAX_SAFE_INTEGER. */
export function isSafeU64(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The factory of one numeric newtype: `of(n)` brands `n`, throwing on a non-u64 (misuse). */
export interface NumericIdFactory<T extends number> {
  /** TypeBox schema: a safe non-negative integer. */
  readonly schema: ReturnType<typeof Type.Unsafe<T>>;
  /** Brands `value`; throws {@link Gate4AgentError} `invalid-numeric-id` when it is not a u64. */
  of(value: number): T;
  /** Whether `value` is a valid value of this id. */
  is(value: unknown): value is T;
}

/** Builds the factory of a numeric newtype named `name`. */
export function numericId<T extends number>(name: string): NumericIdFactory<T> {
  const schema = Type.Unsafe<T>(
    Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: name }),
  );
  return {
    schema,
    of(value) {
      if (!isSafeU64(value)) {
        throw new Gate4AgentError(
          'invalid-numeric-id',
          `${name} must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}; got ${String(value)}`,
        );
      }
      return value as T;
    },
    is: (value): value is T => isSafeU64(value),
  };
}

/** An agent instance chosen by the caller (the reference E2E uses 4401). */
export type AgentInstanceId = BrandedNumber<'AgentInstanceId'>;
/** Factory and schema of {@link AgentInstanceId}. */
export const AgentInstanceId = numericId<AgentInstanceId>('AgentInstanceId');

/** The caller's id of one control command. */
export type CommandId = BrandedNumber<'CommandId'>;
/** Factory and schema of {@link CommandId}. */
export const CommandId = numericId<CommandId>('CommandId');

/** A control-plane operation allocated by the engine. */
export type OperationId = BrandedNumber<'OperationId'>;
/** Factory and schema of {@link OperationId}. */
export const OperationId = numericId<OperationId>('OperationId');

/** The generation of a session; 0 by default, advanced by the engine on each start. */
export type SessionGeneration = BrandedNumber<'SessionGeneration'>;
/** Factory and schema of {@link SessionGeneration}. */
export const SessionGeneration = numericId<SessionGeneration>('SessionGeneration');

/** A provider interaction (permission prompt, question) id. */
export type ProviderInteractionId = BrandedNumber<'ProviderInteractionId'>;
/** Factory and schema of {@link ProviderInteractionId}. */
export const ProviderInteractionId = numericId<ProviderInteractionId>('ProviderInteractionId');

/** TypeBox schema of {@link AgentInstanceId}. */
export const AgentInstanceIdSchema = AgentInstanceId.schema;
/** TypeBox schema of {@link CommandId}. */
export const CommandIdSchema = CommandId.schema;
/** TypeBox schema of {@link OperationId}. */
export const OperationIdSchema = OperationId.schema;
/** TypeBox schema of {@link SessionGeneration}. */
export const SessionGenerationSchema = SessionGeneration.schema;
/** TypeBox schema of {@link ProviderInteractionId}. */
export const ProviderInteractionIdSchema = ProviderInteractionId.schema;
