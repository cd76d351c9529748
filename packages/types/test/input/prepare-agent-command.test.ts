import { describe, expect, it } from 'vitest';
import {
  AgentId,
  InputPrepareError,
  prepareAgentCommand,
  unwrap,
  unwrapErr,
} from '../../src/index.js';

const codex = AgentId.of('codex');

describe('prepareAgentCommand', () => {
  it('accepts a 128-byte name and rejects 129 bytes or a character outside [a-z0-9_-]', () => {
    const name = 'n'.repeat(128);
    expect(
      unwrap(prepareAgentCommand({ agentId: codex, name, arguments: [] }, codex)).writes,
    ).toHaveLength(2);
    for (const bad of ['n'.repeat(129), '', 'Review', 're view', 'ré', 'a/b']) {
      expect(
        unwrapErr(prepareAgentCommand({ agentId: codex, name: bad, arguments: [] }, codex)),
      ).toEqual(InputPrepareError.invalidAgentCommandName(bad));
    }
  });

  it('checks the target before the name', () => {
    expect(
      unwrapErr(
        prepareAgentCommand({ agentId: codex, name: 'BAD', arguments: [] }, AgentId.of('kimi')),
      ),
    ).toEqual(InputPrepareError.agentTargetMismatch(codex, AgentId.of('kimi')));
  });

  it('names the first empty or control-bearing argument by index', () => {
    const prepare = (args: string[]) =>
      prepareAgentCommand({ agentId: codex, name: 'x', arguments: args }, codex);
    expect(unwrapErr(prepare(['ok', '']))).toEqual(
      InputPrepareError.invalidAgentCommandArgument(1),
    );
    expect(unwrapErr(prepare(['a\u001b[2J']))).toEqual(
      InputPrepareError.invalidAgentCommandArgument(0),
    );
    expect(unwrap(prepare([' ', 'é🙂'])).writes[0]?.bytes).toEqual(
      new TextEncoder().encode('/x   é🙂'),
    );
  });
});
