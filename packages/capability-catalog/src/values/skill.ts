/** How a skill is used: injected instructions, or a persona for the whole Run. */
export type SkillKind = 'instruction' | 'persona';

/** A skill record: instructions the model can search for and load. */
export interface Skill {
  readonly name: string;
  readonly description: string;
  /** Tool-permission pattern the skill needs, e.g. `search_skills(*)`; `null` for none. */
  readonly allowedTools: string | null;
  readonly disableModelInvocation: boolean;
  readonly kind: SkillKind;
  readonly content: string;
  readonly tags: readonly string[];
  readonly version: string | null;
}
