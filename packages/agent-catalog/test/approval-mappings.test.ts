import { type AgentSpec, APPROVAL_LEVELS, unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import { BUILTIN_APPROVAL_MAPPINGS } from '../src/approval-mappings.js';
import { builtinRegistry } from '../src/builtin-specs.js';
import { planLaunch } from '../src/plan-launch.js';
import { spec } from './spec-fixture.js';

function builtin(id: string): AgentSpec {
  return builtinRegistry().getById(id)!;
}

describe('approval levels', () => {
  it('maps every level to Claude Code permission modes, between extra args and the prompt', () => {
    const args = (level: (typeof APPROVAL_LEVELS)[number]) =>
      unwrap(
        planLaunch(builtin('claude'), {
          prompt: 'P',
          platform: 'linux',
          extraArgs: ['--verbose'],
          approvalLevel: level,
        }),
      ).args;
    const mode = (value: string) => ['--verbose', '--permission-mode', value, '--', 'P'];
    expect(args('read-only')).toEqual(mode('plan'));
    expect(args('ask')).toEqual(mode('default'));
    expect(args('auto-edit')).toEqual(mode('acceptEdits'));
    expect(args('full-auto')).toEqual(mode('bypassPermissions'));
  });

  it('maps Codex levels to sandbox and approval policy, after the fixed args', () => {
    const plan = unwrap(
      planLaunch(builtin('codex'), { platform: 'linux', approvalLevel: 'auto-edit' }),
    );
    expect(plan.args).toEqual([
      '-c',
      'windows_wsl_setup_acknowledged=true',
      '--sandbox',
      'workspace-write',
      '--ask-for-approval',
      'on-request',
    ]);
    const readOnly = unwrap(
      planLaunch(builtin('codex'), { platform: 'linux', approvalLevel: 'read-only' }),
    );
    expect(readOnly.args.slice(2)).toEqual([
      '--sandbox',
      'read-only',
      '--ask-for-approval',
      'never',
    ]);
  });

  it('maps OpenCode levels to a permission environment that wins over the caller env', () => {
    const plan = unwrap(
      planLaunch(builtin('opencode'), {
        platform: 'linux',
        approvalLevel: 'ask',
        env: [{ key: 'OPENCODE_PERMISSION', value: '{"edit":"allow"}' }],
      }),
    );
    expect(plan.args).toEqual([]);
    expect(plan.env.at(-1)).toEqual({
      key: 'OPENCODE_PERMISSION',
      value: '{"edit":"ask","bash":"ask","webfetch":"ask"}',
    });
  });

  it('fails closed with the levels the agent does support', () => {
    const error = unwrapErr(
      planLaunch(builtin('kimi'), { platform: 'linux', approvalLevel: 'read-only' }),
    );
    expect(error).toMatchObject({
      kind: 'approval-level-unsupported',
      agent: 'kimi',
      level: 'read-only',
      supported: ['ask', 'full-auto'],
    });
    expect(error.message).toBe(
      "agent 'kimi' cannot enforce approval level 'read-only'; it supports 'ask', 'full-auto'",
    );
    expect(
      unwrapErr(planLaunch(builtin('kimi'), { platform: 'linux', approvalLevel: 'auto-edit' }))
        .kind,
    ).toBe('approval-level-unsupported');
  });

  it('fails closed for every level on agents without a mapping', () => {
    for (const id of ['grok', 'aider', 'cursor']) {
      for (const level of APPROVAL_LEVELS) {
        const error = unwrapErr(
          planLaunch(builtin(id), { platform: 'linux', approvalLevel: level }),
        );
        expect(error).toMatchObject({ kind: 'approval-level-unsupported', supported: [] });
      }
    }
    expect(
      unwrapErr(planLaunch(builtin('grok'), { platform: 'linux', approvalLevel: 'ask' })).message,
    ).toContain('without an approval level (null)');
  });

  it('adds nothing when no level is requested', () => {
    expect(
      unwrap(planLaunch(builtin('grok'), { platform: 'linux', approvalLevel: null })).args,
    ).toEqual([]);
    expect(unwrap(planLaunch(builtin('claude'), { platform: 'linux' })).args).toEqual([]);
  });

  it('maps the seven first-tier agents exactly as documented', () => {
    const table = Object.fromEntries(
      ['claude', 'codex', 'gemini', 'qwen-code', 'kimi', 'opencode', 'grok'].map((id) => [
        id,
        APPROVAL_LEVELS.map((level) => {
          const planned = planLaunch(builtin(id), { platform: 'linux', approvalLevel: level });
          if (!planned.ok) return null;
          const extra = planned.value.args.slice(builtin(id).launch.fixedArgs.length);
          return [
            ...extra,
            ...planned.value.env.map((entry) => `${entry.key}=${entry.value}`),
          ].join(' ');
        }),
      ]),
    );
    expect(table).toEqual({
      claude: [
        '--permission-mode plan',
        '--permission-mode default',
        '--permission-mode acceptEdits',
        '--permission-mode bypassPermissions',
      ],
      codex: [
        '--sandbox read-only --ask-for-approval never',
        '--sandbox read-only --ask-for-approval on-request',
        '--sandbox workspace-write --ask-for-approval on-request',
        '--sandbox workspace-write --ask-for-approval never',
      ],
      gemini: [
        '--approval-mode plan',
        '--approval-mode default',
        '--approval-mode auto_edit',
        '--approval-mode yolo',
      ],
      'qwen-code': [
        '--approval-mode plan',
        '--approval-mode default',
        '--approval-mode auto-edit',
        '--approval-mode yolo',
      ],
      kimi: [null, '', null, '--yolo'],
      opencode: [
        'OPENCODE_PERMISSION={"edit":"deny","bash":"deny","webfetch":"ask"}',
        'OPENCODE_PERMISSION={"edit":"ask","bash":"ask","webfetch":"ask"}',
        'OPENCODE_PERMISSION={"edit":"allow","bash":"ask","webfetch":"ask"}',
        'OPENCODE_PERMISSION={"edit":"allow","bash":"allow","webfetch":"allow"}',
      ],
      grok: [null, null, null, null],
    });
  });

  it('accepts consumer mappings for consumer agents', () => {
    const custom = spec('custom', 'custom');
    const approvalMappings = {
      ...BUILTIN_APPROVAL_MAPPINGS,
      custom: { ask: { args: ['--confirm-all'], env: [] } },
    };
    const plan = unwrap(
      planLaunch(custom, { platform: 'linux', approvalLevel: 'ask' }, { approvalMappings }),
    );
    expect(plan.args).toEqual(['--confirm-all']);
    expect(planLaunch(custom, { platform: 'linux', approvalLevel: 'ask' }).ok).toBe(false);
  });
});
