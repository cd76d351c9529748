#!/usr/bin/env node
// The npm bin of gate4agent-mcp. It is committed (not built) so that installing the workspace
// before its first build can link it; the program itself is dist/bin/gate4agent-mcp.js.
import '../dist/bin/gate4agent-mcp.js';
