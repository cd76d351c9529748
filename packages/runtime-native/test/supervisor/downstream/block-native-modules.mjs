// Preloaded with `node --import` by the downstream checks: makes node-pty and @xterm/headless
// unresolvable, for ESM imports (a module.register resolve hook) and for require (the CommonJS
// resolver), as on a machine where node-pty did not build.
import Module, { register } from 'node:module';

const BLOCKED = ['node-pty', '@xterm/headless'];
const blocked = (specifier) =>
  BLOCKED.some((name) => specifier === name || specifier.startsWith(`${name}/`));

const hook = `
const BLOCKED = ${JSON.stringify(BLOCKED)};
export async function resolve(specifier, context, next) {
  if (BLOCKED.some((name) => specifier === name || specifier.startsWith(name + '/'))) {
    const error = new Error("Cannot find package '" + specifier + "' (blocked by the downstream check)");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (blocked(request)) {
    const error = new Error(`Cannot find module '${request}' (blocked by the downstream check)`);
    error.code = 'MODULE_NOT_FOUND';
    throw error;
  }
  return resolveFilename.call(this, request, ...rest);
};
