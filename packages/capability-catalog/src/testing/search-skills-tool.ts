import type { RunBinding, RunBoundTool } from '../host/run-bound-tool.js';
import type { Skill } from '../values/skill.js';
import type { Tool, ToolOutput } from '../values/tool.js';

function matches(skill: Skill, query: string): boolean {
  const needle = query.toLowerCase();
  return (
    skill.name.toLowerCase().includes(needle) ||
    skill.description.toLowerCase().includes(needle) ||
    skill.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/**
 * Searches the skills of one Run's frozen registry (not the Session-latest one): name,
 * description or a tag containing `query`, case-insensitively; one JSON line per match with
 * `name`, `description` and `version`.
 */
export function searchSkills(skills: ReadonlyMap<string, Skill>): Tool {
  return {
    name: 'search_skills',
    description: 'Search the skills available to this Run',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
    async execute(args: unknown): Promise<ToolOutput> {
      const query = (args as { query?: unknown } | null)?.query;
      if (typeof query !== 'string') return { content: 'query must be a string', success: false };
      const found = [...skills.values()]
        .filter((skill) => matches(skill, query))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((s) =>
          JSON.stringify({ name: s.name, description: s.description, version: s.version }),
        );
      return {
        content: found.length === 0 ? 'no matching skills' : found.join('\n'),
        success: true,
      };
    },
  };
}

/** The run-bound `search_skills` built-in: rebuilt per Run over its frozen skill registry. */
export const searchSkillsTool: RunBoundTool = Object.freeze({
  name: 'search_skills',
  bind: (binding: RunBinding) => searchSkills(binding.registries.skills),
});
