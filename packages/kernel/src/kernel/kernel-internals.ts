// Internal to the package: how the tests reach a kernel's state. Not exported from the index.

/** The key under which a {@link Gate4AgentKernel} keeps its {@link KernelState}. */
export const KERNEL_STATE: unique symbol = Symbol('gate4agent kernel state');
