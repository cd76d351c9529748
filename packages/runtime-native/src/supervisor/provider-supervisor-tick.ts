/** What one `tick()` of a provider supervisor did. */
export interface ProviderSupervisorTick {
  workReceived: number;
  observationOutcomesReceived: number;
  operationsStarted: number;
  stopSignals: number;
  forceStopSignals: number;
  physicalExitAcks: number;
  observationsSubmitted: number;
  faultsRecorded: number;
  closeRequested: boolean;
}

/** A report with every counter at zero. */
export function emptyProviderSupervisorTick(): ProviderSupervisorTick {
  return {
    workReceived: 0,
    observationOutcomesReceived: 0,
    operationsStarted: 0,
    stopSignals: 0,
    forceStopSignals: 0,
    physicalExitAcks: 0,
    observationsSubmitted: 0,
    faultsRecorded: 0,
    closeRequested: false,
  };
}
