import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/harness';

const { app } = await openTestApp();

describe('health and errors', () => {
  it('answers ok', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // Tests run without the job queue (JOBS off): nothing ran it on this database yet, or another file did.
    expect(res.json()).toEqual({
      status: 'ok',
      jobs: {
        running_here: false,
        lag_seconds: expect.toSatisfy((v) => v === null || typeof v === 'number'),
        waiting: expect.any(Number),
        since_last_completed_seconds: expect.toSatisfy((v) => v === null || typeof v === 'number'),
      },
    });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});
