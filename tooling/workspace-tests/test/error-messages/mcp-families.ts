// Samples for @gate4agent/mcp.
import { McpBridgeError, McpToolError } from '@gate4agent/mcp';
import type { ErrorFamily } from './error-family.js';

/** The families of @gate4agent/mcp. */
export const mcpFamilies: readonly ErrorFamily[] = [
  {
    name: 'mcp McpBridgeError',
    factory: McpBridgeError,
    samples: {
      disposed: [],
      notBound: [],
      alreadyBound: [],
      sessionLimit: [128],
      clientUnavailable: [3, 'tool client registry is full'],
      listenFailed: ['/tmp/g4a-mcp-x/s1.sock', new Error('EADDRINUSE')],
      invalidOption: ['deadlineTicks', 0, 'a whole number of ticks ≥ 1'],
    },
  },
  {
    name: 'mcp McpToolError',
    factory: McpToolError,
    samples: {
      unknownTool: ['browser_echo', 3, 1],
      invalidArguments: ['browser_echo', 'an array'],
      argumentsTooLarge: ['browser_echo', 70_000, 65_536],
      requestRefused: ['browser_echo', 'tool client is not active'],
      resultTooLarge: ['browser_echo', 300_000, 262_144],
      fromOutcome: {
        args: [
          'browser_echo',
          { kind: 'superseded', currentGeneration: 4, cancellation: 'cancel-queued-unconfirmed' },
        ],
        values: ['browser_echo', '4'],
      },
    },
  },
];
