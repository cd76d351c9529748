import Type, { type Static } from 'typebox';
import { RuntimePlatformSchema } from './runtime-platform.js';

/** TypeBox schema of {@link LaunchSpec}. */
export const LaunchSpecSchema = Type.Object({
  program: Type.String(),
  fixedArgs: Type.Array(Type.String()),
});

/** The executable (a bare name or an absolute path, never a shell string) and its fixed args. */
export type LaunchSpec = Static<typeof LaunchSpecSchema>;

/** TypeBox schema of {@link DetectionSpec}. */
export const DetectionSpecSchema = Type.Object({
  command: Type.String(),
  aliases: Type.Array(Type.String()),
  requiredCommands: Type.Array(Type.String()),
  unsupportedPlatforms: Type.Array(RuntimePlatformSchema),
});

/** How the agent is found: its command, aliases, commands it needs, platforms it cannot run on. */
export type DetectionSpec = Static<typeof DetectionSpecSchema>;
