import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Installs from the npm registry: `npm run test:install` (vitest.install.config.ts).
    exclude: ['**/node_modules/**', 'test/**/*.install.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
