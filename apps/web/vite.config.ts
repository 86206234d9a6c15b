import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: { target: 'es2020', sourcemap: false, chunkSizeWarningLimit: 800 },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
} as Parameters<typeof defineConfig>[0]);
