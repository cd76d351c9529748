import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parse } from 'yaml';
import { type AgentDefinition, agentDefinition } from '../values/agent-definition.js';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?$/;

function fromDocument(document: unknown, body: string | null): AgentDefinition | null {
  if (typeof document !== 'object' || document === null) return null;
  const { name, description, prompt, hidden } = document as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim().length === 0) return null;
  const text =
    typeof prompt === 'string'
      ? prompt
      : body !== null && body.trim().length > 0
        ? body.trim()
        : null;
  return agentDefinition(name.trim(), typeof description === 'string' ? description : '', {
    ...(text === null ? {} : { prompt: text }),
    hidden: hidden === true,
  });
}

/** Parses one agent file: YAML (`*.yaml`, `*.yml`) or Markdown with YAML front matter. */
export function parseAgentFile(fileName: string, text: string): AgentDefinition | null {
  try {
    if (extname(fileName) === '.md') {
      const match = FRONT_MATTER.exec(text);
      if (match === null) return null;
      return fromDocument(parse(match[1] ?? ''), match[2] ?? null);
    }
    return fromDocument(parse(text), null);
  } catch {
    return null;
  }
}

/**
 * Loads every agent file under `dir`, recursively, in path order. Files that cannot be read or
 * parsed, or that name no agent, are skipped (the upstream loader's behaviour).
 */
export async function loadAgentsFromDir(dir: string): Promise<AgentDefinition[]> {
  const agents: AgentDefinition[] = [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return agents;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      agents.push(...(await loadAgentsFromDir(path)));
      continue;
    }
    if (!entry.isFile() || !['.yaml', '.yml', '.md'].includes(extname(entry.name))) continue;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      continue;
    }
    const agent = parseAgentFile(entry.name, text);
    if (agent !== null) agents.push(agent);
  }
  return agents;
}
