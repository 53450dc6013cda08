// `npm run test:install`: tests that install the packed eventmap CLI, whose dependencies come from
// the npm registry. Kept out of `npm test` (which needs no network); .ci/run runs both.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default defineConfig({
  test: { ...base.test, include: ['test/**/*.install.test.ts'], exclude: ['**/node_modules/**'] },
});
