import { describe, expect, it } from 'vitest';
import { releaseCompositionProblem } from './release-composition.ts';

describe('releaseCompositionProblem', () => {
  it('accepts compose documents whose services have an image or a build', () => {
    expect(releaseCompositionProblem({})).toBeNull();
    expect(releaseCompositionProblem({ version: '2.1', services: { main: { build: '.' } } })).toBeNull();
    expect(releaseCompositionProblem({ services: { main: { build: { context: '.', dockerfile: 'Dockerfile' } }, db: { image: 'postgres:16', ports: ['5432'] } }, volumes: { data: {} } })).toBeNull();
  });
  it('refuses anything that is not an object', () => {
    for (const v of [null, 'services', 42, [], true]) expect(releaseCompositionProblem(v)).toMatch(/must be a JSON object/);
  });
  it('refuses services, volumes or networks of the wrong type', () => {
    expect(releaseCompositionProblem({ services: ['main'] })).toMatch(/"services" must be an object/);
    expect(releaseCompositionProblem({ volumes: 'x' })).toMatch(/"volumes" must be an object/);
    expect(releaseCompositionProblem({ version: true })).toMatch(/"version" must be a string or a number/);
  });
  it('refuses a service without image or build, or of the wrong shape', () => {
    expect(releaseCompositionProblem({ services: { main: {} } })).toBe('The composition\'s service "main" needs an image or a build.');
    expect(releaseCompositionProblem({ services: { main: 'nginx' } })).toMatch(/service "main" must be an object/);
    expect(releaseCompositionProblem({ services: { main: { image: 5 } } })).toMatch(/service "main" "image" is invalid/);
    expect(releaseCompositionProblem({ services: { 'bad name': { image: 'x' } } })).toMatch(/service name "bad name"/);
  });
});
