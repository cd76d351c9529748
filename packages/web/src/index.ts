export {
  DEFAULT_MAX_VIEWERS,
  DEFAULT_VIEWER_BUFFER_BYTES,
  DEFAULT_VIEWER_STALL_MS,
  DROPPED_VIEWER_LINGER_MS,
  MAX_CONTROL_BODY_BYTES,
  TIMELINE_CAPACITY,
} from './constants.js';
export type { ControlRequest } from './control-request.js';
export { ControlRefusal } from './control-request.js';
export type { FrameView, SessionView } from './session-view.js';
export type { TimelineEntry, TimelineEntryKind } from './timeline-entry.js';
export type { ToolsView } from './tools-view.js';
export type { ViewerDrop, ViewerDropReason } from './viewer-drop.js';
export { WEB_VIEW_HOST, WebView } from './web-view.js';
export type { WebViewOptions, WebViewStats } from './web-view-options.js';
