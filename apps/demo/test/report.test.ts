import { describe, expect, it } from 'vitest';
import { Report } from '../src/report.js';

function capture(): { report: Report; lines: string[] } {
  const lines: string[] = [];
  return { report: new Report((line) => lines.push(line)), lines };
}

describe('Report', () => {
  it('numbers sections and separates them by a blank line', () => {
    const { report, lines } = capture();
    report.section('runtime');
    report.section('agent');
    expect(lines).toEqual(['== 1. runtime ==', '\n== 2. agent ==']);
  });

  it('renders screen rows without trailing blanks or control characters', () => {
    const { report, lines } = capture();
    report.screen('fixture-ready>   \n\x1b[31mred\x07\n\n   \n');
    expect(lines).toEqual(['  +--- screen', '  | fixture-ready>', '  | [31mred', '  +---']);
  });
});
