import { unwrap, unwrapErr } from '@gate4agent/types';
import { describe, expect, it } from 'vitest';
import {
  type CapabilityClass,
  ToolCapabilityId,
  validateCapabilityAdmission,
} from '../../src/index.js';

const admit = (id: string, capabilityClass: CapabilityClass = 'browser') =>
  validateCapabilityAdmission(ToolCapabilityId.of(id), capabilityClass);

describe('validateCapabilityAdmission', () => {
  it('requires the class prefix, compared ASCII-case-insensitively', () => {
    unwrap(admit('browser.page'));
    unwrap(admit('BROWSER.Page'));
    unwrap(admit('browser.'));
    unwrap(admit('consumer-state.notes', 'consumer-state'));
    for (const [id, capabilityClass] of [
      ['browser:x', 'browser'],
      ['browserx.page', 'browser'],
      ['consumer-state.notes', 'browser'],
      ['browser.page', 'consumer-state'],
      ['consumer_state.notes', 'consumer-state'],
    ] as const) {
      expect(unwrapErr(admit(id, capabilityClass)).kind).toBe('capability-outside-admission');
    }
  });

  it('refuses shell, filesystem and mcp anywhere once separators are removed', () => {
    for (const id of [
      'browser.shell',
      'browser.tabs.hell',
      'browser.s.hell',
      'browser.smcpx',
      'browser.f-i-l-e-s-y-s-t-e-m.read',
      'browser.file_system',
      'browser.m-c-p.call',
      'browser.M:C/P',
      'consumer-state.shell',
    ]) {
      const capabilityClass: CapabilityClass = id.startsWith('consumer')
        ? 'consumer-state'
        : 'browser';
      expect(unwrapErr(admit(id, capabilityClass)).kind).toBe('capability-outside-admission');
    }
  });

  it('refuses an fs segment or an f segment followed by an s segment', () => {
    for (const id of [
      'browser.fs',
      'browser.page.fs',
      'browser.f.s',
      'browser.f--s',
      'browser.f/s',
      'browser.x.f.s.y',
      'browser.f.f.s',
      'Browser.FS',
    ]) {
      expect(unwrapErr(admit(id)).kind).toBe('capability-outside-admission');
    }
    expect(unwrapErr(admit('consumer-state.fs', 'consumer-state')).kind).toBe(
      'capability-outside-admission',
    );
  });

  it('admits words that merely contain f and s', () => {
    for (const id of [
      'browser.fsx',
      'browser.f.sx',
      'browser.ff.s',
      'browser.offset',
      'browser.dom.forms.inspect',
      'browser.frame.offset.read',
      'browser.snapshot',
    ]) {
      unwrap(admit(id));
    }
  });

  it('reports the id exactly as given', () => {
    expect(unwrapErr(admit('Browser.FS'))).toMatchObject({ capabilityId: 'Browser.FS' });
  });
});
