// The first pass of every decode: one iterative, bounded walk that copies untrusted input into
// plain JSON-shaped containers. It never recurses, so no input can overflow the stack; it stops
// at a depth, value-count and string-size limit; and it turns every way reading the input can
// fail (a cycle, a getter or Proxy trap that throws, a revoked Proxy) into a located error value.
import { DECODE_DEPTH_MAX, DECODE_STRING_MAX_BYTES, DECODE_VALUES_MAX } from '../constants.js';
import { err, ok, type Result } from './result.js';

/** Why a scan stopped: a JSON pointer to the value and a plain-English reason. */
export interface ScanFailure {
  readonly path: string;
  readonly message: string;
}

/**
 * The scanned copy. In-memory mode puts an empty placeholder array where the input held a
 * `Uint8Array` (so the schema's byte-array check costs nothing) and maps it to the original.
 */
export interface ScanResult {
  readonly copy: unknown;
  readonly fromBytes: WeakMap<object, Uint8Array>;
}

interface Frame {
  readonly source: object;
  readonly target: unknown[] | Record<string, unknown>;
  readonly keys: readonly string[];
  readonly array: boolean;
  /** The frame of the container holding this one, and this one's key there (`null` at the root). */
  readonly parent: Frame | null;
  readonly key: string | number;
  index: number;
}

const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The JSON pointer of `key` inside the container of `frame` (of the container itself when `key` is
 * `null`). Paths are built only for a failure, so a scan that succeeds builds no strings.
 */
function pointerOf(frame: Frame | null, key: string | number | null): string {
  const keys: (string | number)[] = key === null ? [] : [key];
  for (let at = frame; at !== null && at.parent !== null; at = at.parent) keys.push(at.key);
  let path = '';
  for (let index = keys.length - 1; index >= 0; index -= 1)
    path += `/${escapePointer(String(keys[index]!))}`;
  return path;
}

/** UTF-8 bytes of a well-formed string, without Buffer (the pure packages run in browsers). */
function utf8Length(value: string): number {
  let bytes = 0;
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Strings up to this many UTF-16 units are within `DECODE_STRING_MAX_BYTES` whatever they hold
 * (3 UTF-8 bytes per unit at most), so only longer ones need {@link checkString}'s byte count.
 */
export const STRING_SCAN_UNITS = DECODE_STRING_MAX_BYTES / 3;

/** Why `value` at `path` is refused (over the size limit, or a lone surrogate), or `null`. */
export function checkString(value: string, path: string): ScanFailure | null {
  if (value.length > DECODE_STRING_MAX_BYTES) {
    return {
      path,
      message: `string of ${value.length} UTF-16 units is over the ${DECODE_STRING_MAX_BYTES}-byte decode limit; send less text`,
    };
  }
  if (!value.isWellFormed()) {
    return { path, message: 'string is not well-formed UTF-16 (lone surrogate)' };
  }
  if (value.length * 3 > DECODE_STRING_MAX_BYTES) {
    const bytes = utf8Length(value);
    if (bytes > DECODE_STRING_MAX_BYTES) {
      return {
        path,
        message: `string of ${bytes} UTF-8 bytes is over the ${DECODE_STRING_MAX_BYTES}-byte decode limit; send less text`,
      };
    }
  }
  return null;
}

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Copies `input` into plain arrays and objects (own enumerable string keys only), checking every
 * string. With `bytes: 'in-memory'`, a `Uint8Array` becomes a placeholder recorded in
 * `fromBytes` (so a codec position can insist on real bytes); otherwise it is read as an object
 * and fails its schema. Never throws.
 */
export function boundedScan(
  input: unknown,
  bytes: 'in-memory' | 'wire',
): Result<ScanResult, ScanFailure> {
  const fromBytes = new WeakMap<object, Uint8Array>();
  const stack: Frame[] = [];
  let values = 0;
  let failure = null as ScanFailure | null;

  // Copies one value (`key` inside the container of `parent`); containers get a frame whose
  // entries the loop below fills.
  const visit = (value: unknown, parent: Frame | null, key: string | number): unknown => {
    values += 1;
    if (values > DECODE_VALUES_MAX) {
      failure = {
        path: pointerOf(parent, parent === null ? null : key),
        message: `input holds more than ${DECODE_VALUES_MAX} values, the decode limit; split it`,
      };
      return undefined;
    }
    switch (typeof value) {
      case 'string':
        if (value.length > STRING_SCAN_UNITS || !value.isWellFormed()) {
          failure = checkString(value, pointerOf(parent, parent === null ? null : key));
        }
        return value;
      case 'number':
      case 'boolean':
        return value;
      case 'undefined':
        return undefined;
      case 'object':
        break;
      default:
        failure = {
          path: pointerOf(parent, parent === null ? null : key),
          message: `a ${typeof value} is not JSON-shaped data`,
        };
        return undefined;
    }
    if (value === null) return null;
    if (bytes === 'in-memory' && value instanceof Uint8Array) {
      const placeholder: number[] = [];
      fromBytes.set(placeholder, value);
      return placeholder;
    }
    if (stack.length >= DECODE_DEPTH_MAX) {
      failure = {
        path: pointerOf(parent, parent === null ? null : key),
        message: `input nests deeper than ${DECODE_DEPTH_MAX} levels, the decode limit; flatten it`,
      };
      return undefined;
    }
    if (stack.some((frame) => frame.source === value)) {
      failure = {
        path: pointerOf(parent, parent === null ? null : key),
        message: 'input is cyclic (a value contains itself); send a tree',
      };
      return undefined;
    }
    const isArray = Array.isArray(value);
    const target: unknown[] | Record<string, unknown> = isArray ? [] : {};
    const keys = isArray ? [] : Object.keys(value);
    if (isArray) {
      const length = (value as unknown[]).length;
      if (length > DECODE_VALUES_MAX) {
        failure = {
          path: pointerOf(parent, parent === null ? null : key),
          message: `array of ${length} entries is over the ${DECODE_VALUES_MAX}-value decode limit; split it`,
        };
        return undefined;
      }
      (target as unknown[]).length = length;
    }
    stack.push({ source: value, target, keys, array: isArray, parent, key, index: 0 });
    return target;
  };

  try {
    const root = visit(input, null, '');
    while (failure === null && stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const index = frame.index;
      if (frame.array) {
        if (index >= (frame.target as unknown[]).length) {
          stack.pop();
          continue;
        }
        frame.index += 1;
        const entry = (frame.source as unknown[])[index];
        (frame.target as unknown[])[index] = visit(entry, frame, index);
        continue;
      }
      if (index >= frame.keys.length) {
        stack.pop();
        continue;
      }
      const key = frame.keys[index]!;
      frame.index += 1;
      const copied = visit((frame.source as Record<string, unknown>)[key], frame, key);
      if (copied !== undefined) (frame.target as Record<string, unknown>)[key] = copied;
    }
    if (failure !== null) return err(failure);
    return ok({ copy: root, fromBytes });
  } catch (error) {
    const path = stack.length > 0 ? pointerOf(stack[stack.length - 1]!, null) : '';
    return err({
      path,
      message: `input could not be read (${describe(error)}); pass plain data without throwing getters or Proxy traps`,
    });
  }
}
