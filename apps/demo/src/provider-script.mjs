// The demo's tool provider: one child process per invocation, started by the production
// ChildProcessProviderExecutor. It reads the invocation document from stdin and writes one result
// document to stdout. The payload is JSON: {"op":"echo","text":…} | {"op":"fail"} | {"op":"hold"}.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  input += chunk;
});
process.stdin.on('end', () => {
  const invocation = JSON.parse(input);
  const request = JSON.parse(Buffer.from(invocation.payloadBase64, 'base64').toString('utf8'));
  if (request.op === 'echo') {
    const text = JSON.stringify({ echoed: request.text, pid: process.pid });
    finish({
      kind: 'succeeded',
      body: { kind: 'text', text },
      mediaType: 'application/json',
      summary: 'echoed the request',
    });
  } else if (request.op === 'fail') {
    finish({
      kind: 'failed',
      failureKind: 'execution',
      message: 'the demo provider was asked to fail',
    });
  } else if (request.op === 'hold') {
    // Runs until the supervisor stops it: the request the demo cancels by revoking its grant.
    setTimeout(
      () => finish({ kind: 'failed', failureKind: 'execution', message: 'hold expired' }),
      120_000,
    );
  } else {
    finish({ kind: 'failed', failureKind: 'invalid-input', message: 'unknown op' });
  }
});

function finish(document) {
  process.stdout.write(JSON.stringify(document), () => process.exit(0));
}
