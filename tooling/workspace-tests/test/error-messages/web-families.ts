// Samples for @gate4agent/web: the refusals of the page's control requests.

import { operatorActionRequiredMessage } from '@gate4agent/types';
import { ControlRefusal } from '@gate4agent/web';
import type { ErrorFamily } from './error-family.js';

export const webFamilies: readonly ErrorFamily[] = [
  {
    name: 'web ControlRefusal',
    factory: ControlRefusal,
    kinds: [
      'invalid-request',
      'unknown-session',
      'operator-gate',
      'no-gate',
      'unknown-grant',
      'unknown-request',
      'failed',
    ],
    samples: {
      invalidRequest: ['the body is not JSON (8 characters)'],
      unknownSession: ['9'],
      operatorGate: [
        operatorActionRequiredMessage({
          kind: 'trust',
          agentId: 'codex',
          text: 'Do you trust the files in this folder?',
        }),
      ],
      noGate: ['4'],
      unknownGrant: ['gate4agent-client-1|agent.main|1|1|gate.p|browser.snapshot|page.active'],
      unknownRequest: ['gate4agent-client-1|agent.main|7|12', 'approve'],
      failed: ['stopping session 4', 'the runtime was disposed'],
    },
  },
];
