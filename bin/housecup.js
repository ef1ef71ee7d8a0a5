#!/usr/bin/env node
// The compiled CLI; `npm install` builds it (the `prepare` script).
import '../dist/src/cli/main.js';
