import { gate4agentVitestConfig } from '@gate4agent/vitest-config';

export default gate4agentVitestConfig();
