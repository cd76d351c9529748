// How many fast-check runs each property gets: 2,000 by default, more with G4A_PROPERTY_RUNS.
const DEFAULT_PROPERTY_RUNS = 2_000;

/** The run count of every property test (`G4A_PROPERTY_RUNS` overrides the default 2,000). */
export function propertyRuns(): number {
  const configured = Number.parseInt(process.env.G4A_PROPERTY_RUNS ?? '', 10);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : DEFAULT_PROPERTY_RUNS;
}
