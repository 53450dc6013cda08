#!/usr/bin/env node
// Launcher: runs the TypeScript CLI through tsx, so there is no build step to forget.
import { register } from 'tsx/esm/api';

register();
await import('../generator/cli/main.ts');
