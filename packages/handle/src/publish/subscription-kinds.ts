import type { ToolAuthorityCommandOutcome, ToolRequestOutcome } from '@gate4agent/kernel';
import type { ControlEvent } from '@gate4agent/types';
import type { ToolCompletionDelivery } from '../tool/tool-completion-delivery.js';
import type { Subscription } from './subscription.js';

/** Ordered control events of one control plane (`Gate4AgentHandle.subscribe`). */
export type EventSubscription = Subscription<ControlEvent>;
/** The request outcomes of one client (`ToolClientHandle.subscribeRequestOutcomes`). */
export type ToolRequestOutcomeSubscription = Subscription<ToolRequestOutcome>;
/** The completions and source gaps of one client (`ToolClientHandle.subscribeCompletions`). */
export type ToolCompletionSubscription = Subscription<ToolCompletionDelivery>;
/** Every authority-command outcome (`ToolAuthorityHandle.subscribeOutcomes`). */
export type ToolAuthorityOutcomeSubscription = Subscription<ToolAuthorityCommandOutcome>;
