import type { TestProject } from 'vitest/node';

/** Points the specs at an already running product (E2E_BASE_URL) instead of starting one: for quick local iterations. */
export function setup(project: TestProject) {
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('set E2E_BASE_URL to the running product, e.g. http://127.0.0.1:3000');
  project.provide('baseUrls', [baseUrl.replace(/\/$/, '')]);
  project.provide('dataDirs', ['']);
}
