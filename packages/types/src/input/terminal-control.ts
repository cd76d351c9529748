import Type, { type Static } from 'typebox';

const ESC = '\x1b';

// There is no control-c or control-d: those are `interrupt` and `end-of-file`.
const CONTROL_SEQUENCES = {
  interrupt: '\x03',
  'end-of-file': '\x04',
  'control-a': '\x01',
  'control-b': '\x02',
  'control-e': '\x05',
  'control-f': '\x06',
  'control-g': '\x07',
  'control-h': '\x08',
  'control-i': '\x09',
  'control-j': '\x0a',
  'control-k': '\x0b',
  'control-l': '\x0c',
  'control-m': '\x0d',
  'control-n': '\x0e',
  'control-o': '\x0f',
  'control-p': '\x10',
  'control-q': '\x11',
  'control-r': '\x12',
  'control-s': '\x13',
  'control-t': '\x14',
  'control-u': '\x15',
  'control-v': '\x16',
  'control-w': '\x17',
  'control-x': '\x18',
  'control-y': '\x19',
  'control-z': '\x1a',
  enter: '\r',
  'line-feed': '\n',
  escape: ESC,
  backspace: '\x08',
  tab: '\t',
  'back-tab': `${ESC}[Z`,
  insert: `${ESC}[2~`,
  delete: `${ESC}[3~`,
  home: `${ESC}[H`,
  end: `${ESC}[F`,
  'page-up': `${ESC}[5~`,
  'page-down': `${ESC}[6~`,
  'arrow-up': `${ESC}[A`,
  'arrow-down': `${ESC}[B`,
  'arrow-right': `${ESC}[C`,
  'arrow-left': `${ESC}[D`,
  function1: `${ESC}OP`,
  function2: `${ESC}OQ`,
  function3: `${ESC}OR`,
  function4: `${ESC}OS`,
  function5: `${ESC}[15~`,
  function6: `${ESC}[17~`,
  function7: `${ESC}[18~`,
  function8: `${ESC}[19~`,
  function9: `${ESC}[20~`,
  function10: `${ESC}[21~`,
  function11: `${ESC}[23~`,
  function12: `${ESC}[24~`,
} as const;

/** Every {@link TerminalControl}, in upstream declaration order. */
export const TERMINAL_CONTROLS = Object.keys(
  CONTROL_SEQUENCES,
) as (keyof typeof CONTROL_SEQUENCES)[];

/** TypeBox schema of {@link TerminalControl}. */
export const TerminalControlSchema = Type.Enum(TERMINAL_CONTROLS);

/** A named key or control chord with a fixed xterm byte sequence. */
export type TerminalControl = Static<typeof TerminalControlSchema>;

/** The byte table of {@link TerminalControl}. */
export const TerminalControl = {
  schema: TerminalControlSchema,
  values: TERMINAL_CONTROLS,
  /** A fresh copy of the bytes `control` sends (for example `arrow-up` → `ESC [ A`). */
  bytes(control: TerminalControl): Uint8Array {
    const sequence: string = CONTROL_SEQUENCES[control];
    return Uint8Array.from(sequence, (character) => character.charCodeAt(0));
  },
};
