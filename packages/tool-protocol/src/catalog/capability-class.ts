import Type, { type StaticDecode } from 'typebox';

/** The class of a capability; each class admits only ids under its own prefix. */
export const CapabilityClassSchema = Type.Union([
  Type.Literal('browser'),
  Type.Literal('consumer-state'),
]);

/** The class of a capability (upstream `CapabilityClass`). */
export type CapabilityClass = StaticDecode<typeof CapabilityClassSchema>;

/** The id prefix each {@link CapabilityClass} requires (compared ASCII-lowercased). */
export const CAPABILITY_CLASS_PREFIX: Readonly<Record<CapabilityClass, string>> = {
  browser: 'browser.',
  'consumer-state': 'consumer-state.',
};
