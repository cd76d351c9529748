import { describe, expect, it } from 'vitest';
import { HostDirectory } from '../../src/client/host-directory.js';

const record = (hostId: string, capacity: number, sessions: number, agents = ['a']) => ({
  hostId,
  capacity,
  sessions,
  agents,
  heartbeat: 1,
});

describe('HostDirectory', () => {
  it('places on the live host with the most free slots, ties by host id, and skips full or silent hosts', () => {
    const directory = new HostDirectory();
    directory.update(record('h-b', 4, 1), 1, 0);
    directory.update(record('h-a', 4, 1), 2, 0);
    directory.update(record('h-c', 8, 2), 3, 0);
    directory.update(record('h-full', 2, 2), 4, 0);
    directory.update(record('h-other', 9, 0, ['b']), 5, 0);
    expect(directory.candidates('a', 100, 1_000)).toEqual(['h-c', 'h-a', 'h-b']);
    expect(directory.candidates('a', 2_000, 1_000)).toEqual([]);
    expect(
      directory
        .silent(2_000, 1_000)
        .map((host) => host.hostId)
        .sort(),
    ).toEqual(['h-a', 'h-b', 'h-c', 'h-full', 'h-other']);
  });

  it('counts slots reserved by launches in flight and releases them once', () => {
    const directory = new HostDirectory();
    directory.update(record('h-a', 1, 0), 1, 0);
    const release = directory.reserve('h-a');
    expect(directory.candidates('a', 0, 1_000)).toEqual([]);
    release();
    release();
    expect(directory.candidates('a', 0, 1_000)).toEqual(['h-a']);
  });

  it('ignores a record older than the one it holds', () => {
    const directory = new HostDirectory();
    directory.update(record('h-a', 1, 0), 5, 10);
    directory.update(record('h-a', 1, 1), 4, 20);
    expect(directory.revision('h-a')).toBe(5);
    expect(directory.hosts()[0]?.seenAt).toBe(10);
    expect(directory.isLive('h-a', 500, 1_000)).toBe(true);
    directory.remove('h-a');
    expect(directory.isLive('h-a', 500, 1_000)).toBe(false);
  });
});
