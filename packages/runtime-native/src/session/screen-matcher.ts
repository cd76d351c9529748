import type { TerminalFrame } from '@gate4agent/types';

/**
 * What `AgentSession.waitFor` waits for: text the screen must contain, a pattern it must match, or
 * a predicate over the screen text and the whole frame.
 */
export type ScreenMatcher = string | RegExp | ((screen: string, frame: TerminalFrame) => boolean);

/** Whether `frame` satisfies `matcher`. */
export function screenMatches(matcher: ScreenMatcher, frame: TerminalFrame): boolean {
  const screen = frame.contents;
  if (typeof matcher === 'string') return screen.includes(matcher);
  if (matcher instanceof RegExp) {
    matcher.lastIndex = 0;
    return matcher.test(screen);
  }
  return matcher(screen, frame);
}

/** How a matcher reads in a message: `"text"`, `/re/`, or `a predicate`. */
export function describeMatcher(matcher: ScreenMatcher): string {
  if (typeof matcher === 'string') return JSON.stringify(matcher);
  if (matcher instanceof RegExp) return String(matcher);
  return 'the predicate';
}

/** The last `count` non-blank lines of a screen, for messages and exit reports. */
export function lastScreenLines(screen: string, count = 5): string[] {
  const lines = screen.split('\n').map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.slice(-count);
}
