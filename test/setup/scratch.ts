// Runs before every test file (vitest.config.ts setupFiles): the file's scratch folders go when it ends.
import { afterAll } from 'vitest';
import { removeScratch } from '../scratch.ts';

afterAll(removeScratch);
