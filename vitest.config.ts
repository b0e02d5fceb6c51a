import { defineConfig } from 'vitest/config';

// isolated-vm on Node 20+ needs every process that loads it started with --no-node-snapshot;
// Vitest's fork workers inherit this environment.
if (!(process.env.NODE_OPTIONS ?? '').includes('--no-node-snapshot')) {
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --no-node-snapshot`.trim();
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
