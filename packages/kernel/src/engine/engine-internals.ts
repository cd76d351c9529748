// Internal to the package: how the kernel and the tests reach an engine's state. Not exported
// from the package index.

/** The key under which a {@link Gate4AgentEngine} keeps its {@link EngineState}. */
export const ENGINE_STATE: unique symbol = Symbol('gate4agent engine state');
