/** The SpawnFailed message for a startup gate (upstream wording). */
export function startupOperatorError(agentId: string, gate: string): string {
  return `agent '${agentId}' requires operator action at startup (${gate}); initial prompt was not submitted`;
}
