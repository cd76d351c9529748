// The page of @gate4agent/web: plain ES module, no bundler. It follows the host's server-sent
// events and posts controls; every URL is relative to the page, which carries the access token.
import { Terminal } from './xterm.mjs';

const sessionsElement = document.getElementById('sessions');
const connection = document.getElementById('connection');
const droppedBanner = document.getElementById('dropped');
const timeline = document.getElementById('timeline');
const sessions = new Map();
const TIMELINE_SHOWN = 500;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

async function control(body, message) {
  message.className = 'message ok';
  message.textContent = '…';
  try {
    const response = await fetch('control', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    message.className = answer.ok ? 'message ok' : 'message';
    message.textContent = answer.ok ? 'done' : answer.message;
    return answer.ok;
  } catch (error) {
    message.className = 'message';
    message.textContent = `the host did not answer: ${error}`;
    return false;
  }
}

function button(label, className, onClick) {
  const node = element('button', className, label);
  node.type = 'button';
  node.addEventListener('click', onClick);
  return node;
}

const GATE_KEYS = [
  ['1', '1'],
  ['2', '2'],
  ['Enter', '\r'],
  ['Esc', '\u001b'],
];

function createSession(view) {
  const root = element('article', 'session');
  root.dataset.sessionId = view.id;
  const head = element('div', 'session-head');
  const agent = element('span', 'agent', view.agentId);
  const status = element('span', 'status');
  const meta = element('span', 'meta');
  head.append(agent, status, meta);
  const gate = element('div', 'gate');
  gate.hidden = true;
  const gateTitle = element('strong');
  const gateText = element('pre');
  const gateButtons = element('div', 'controls');
  const message = element('div', 'message ok');
  for (const [label, keys] of GATE_KEYS) {
    gateButtons.append(
      button(`Answer: ${label}`, 'answer', () =>
        control({ kind: 'answer-gate', session: view.id, keys }, message),
      ),
    );
  }
  gate.append(gateTitle, gateText, gateButtons);
  const terminalBox = element('div', 'terminal');
  const terminal = new Terminal({
    rows: 24,
    cols: 80,
    disableStdin: true,
    cursorBlink: false,
    scrollback: 0,
    fontSize: 13,
    theme: { background: '#0f1114' },
  });
  terminal.open(terminalBox);
  const form = element('form', 'controls');
  const input = element('input');
  input.name = 'line';
  input.placeholder = 'type a line, Enter sends it';
  input.autocomplete = 'off';
  form.append(
    input,
    button('Send', '', () => form.requestSubmit()),
  );
  form.append(button('Stop', 'danger', () => control({ kind: 'stop', session: view.id }, message)));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const sent = await control({ kind: 'input', session: view.id, text: input.value }, message);
    if (sent) input.value = '';
  });
  root.append(head, gate, terminalBox, form, message);
  sessionsElement.append(root);
  const entry = { root, status, meta, gate, gateTitle, gateText, terminal };
  sessions.set(view.id, entry);
  return entry;
}

function showSession(view) {
  const entry = sessions.get(view.id) ?? createSession(view);
  entry.status.textContent = view.statusText;
  entry.status.className = `status status-${view.status}`;
  entry.meta.textContent = `instance ${view.id} · generation ${view.generation ?? '–'} · pid ${view.pid ?? '–'}`;
  entry.root.classList.toggle('gated', view.gate !== null);
  entry.gate.hidden = view.gate === null;
  if (view.gate !== null) {
    entry.gateTitle.textContent = `Waiting for a person: ${view.gate.name}`;
    entry.gateText.textContent = view.gate.text;
  }
}

function showFrame(frame) {
  const entry = sessions.get(frame.id);
  if (!entry) return;
  const { terminal } = entry;
  if (terminal.rows !== frame.rows || terminal.cols !== frame.columns) {
    terminal.resize(frame.columns, frame.rows);
  }
  terminal.write(frame.data);
}

function fillList(id, items, render) {
  const list = document.getElementById(id);
  list.replaceChildren();
  if (items.length === 0) list.append(element('li', 'empty', 'none'));
  for (const item of items) list.append(render(item));
}

function showTools(tools) {
  const status = document.createElement('div');
  fillList('grants', tools.grants, (grant) => {
    const row = element('li');
    row.dataset.grantId = grant.id;
    row.append(
      element('span', '', `${grant.text} · ${grant.mode}`),
      button('Revoke', 'danger', () => control({ kind: 'revoke', grant: grant.id }, status)),
    );
    return row;
  });
  fillList('approvals', tools.approvals, (request) => {
    const row = element('li');
    row.dataset.requestId = request.id;
    row.append(
      element('span', '', request.text),
      button('Approve', '', () => control({ kind: 'approve', request: request.id }, status)),
      button('Deny', 'danger', () => control({ kind: 'deny', request: request.id }, status)),
    );
    return row;
  });
  fillList('requests', tools.requests, (request) =>
    element('li', '', `${request.text} · ${request.status}`),
  );
}

function addTimeline(entries) {
  for (const entry of entries) {
    const row = element('li', `tone-${entry.tone}`);
    row.dataset.event = entry.event;
    row.dataset.sequence = String(entry.sequence);
    row.append(element('span', 'kind', `${entry.kind} `), document.createTextNode(entry.text));
    timeline.append(row);
  }
  while (timeline.childElementCount > TIMELINE_SHOWN) timeline.firstElementChild.remove();
  timeline.parentElement.scrollTop = timeline.parentElement.scrollHeight;
}

const events = new EventSource('events');
const on = (name, handler) =>
  events.addEventListener(name, (event) => handler(JSON.parse(event.data)));

events.addEventListener('open', () => {
  connection.textContent = 'live';
  connection.className = 'connection live';
});
events.addEventListener('error', () => {
  if (events.readyState === EventSource.CLOSED) return;
  connection.textContent = 'reconnecting…';
  connection.className = 'connection';
});
on('hello', (hello) => {
  for (const entry of sessions.values()) entry.root.remove();
  sessions.clear();
  timeline.replaceChildren();
  for (const view of hello.sessions) showSession(view);
  addTimeline(hello.timeline);
  showTools(hello.tools);
});
on('session', showSession);
on('session-removed', ({ id }) => {
  sessions.get(id)?.root.remove();
  sessions.delete(id);
});
on('frame', showFrame);
on('timeline', ({ entries }) => addTimeline(entries));
on('tools', showTools);
on('dropped', ({ message }) => {
  events.close();
  connection.textContent = 'disconnected';
  connection.className = 'connection';
  droppedBanner.hidden = false;
  droppedBanner.textContent = message;
});
