import { describe, expect, it } from 'vitest';
import { ComposeError, parseCompose } from './compose.ts';
import { imageForReference, parseImageOptions, resolveServiceImages } from './image-refs.ts';

const TWO_SERVICES = `
version: "2.4"
services:
  main:
    build: ./main
    labels:
      io.balena.features.dbus: "1"
      com.example.tier: 2
    environment:
      - MODE=production
      - GREETING=a=b
  metrics:
    image: registry.local/metrics:1.0
    environment:
      PORT: 9100
      DEBUG: false
`;

// Service names and "image or build" are the server's rules (packages/core release-composition), checked before sending.
describe('parseCompose', () => {
  it('reads services, labels and environment in both compose forms, keeping the document as the composition', () => {
    const project = parseCompose(TWO_SERVICES);
    expect(project.services).toEqual([
      { name: 'main', hasBuild: true, labels: { 'io.balena.features.dbus': '1', 'com.example.tier': '2' }, environment: { MODE: 'production', GREETING: 'a=b' } },
      { name: 'metrics', image: 'registry.local/metrics:1.0', hasBuild: false, labels: {}, environment: { PORT: '9100', DEBUG: 'false' } },
    ]);
    expect(project.composition).toMatchObject({ version: '2.4', services: { main: { build: './main' }, metrics: { image: 'registry.local/metrics:1.0' } } });
  });

  it.each([
    ['not YAML', 'services: [a', /not valid YAML/],
    ['a list', '- a\n- b', /must be a mapping with a "services" key/],
    ['no services', 'version: "2.4"', /has no services/],
    ['empty services', 'services: {}', /has no services/],
    ['a service that is not a mapping', 'services:\n  main: nginx', /The composition's service "main" must be an object/],
    ['a service with neither image nor build', 'services:\n  main:\n    restart: always', /The composition's service "main" needs an image or a build/],
    ['a bad service name', 'services:\n  "my app":\n    image: a', /The composition's service name "my app" may contain only letters/],
    ['an empty image', 'services:\n  main:\n    image: ""', /The composition's service "main" "image" is invalid/],
    ['a build that is a number', 'services:\n  main:\n    build: 3', /The composition's service "main" "build" is invalid/],
    ['an environment entry without a value', 'services:\n  main:\n    image: a\n    environment:\n      - HOME', /environment entry "HOME" has no "=value"/],
    ['a label that is a mapping', 'services:\n  main:\n    image: a\n    labels:\n      x: {y: 1}', /labels "x" must be a string, number or boolean/],
    ['labels that are a string', 'services:\n  main:\n    image: a\n    labels: x', /"labels" must be a mapping or a list/],
    ['a duplicate key', 'services:\n  main:\n    image: a\n  main:\n    image: b', /not valid YAML/],
  ])('refuses %s', (_what, text, message) => {
    expect(() => parseCompose(text)).toThrow(ComposeError);
    expect(() => parseCompose(text)).toThrow(message);
  });
});

describe('service images', () => {
  const project = parseCompose(TWO_SERVICES);

  it('takes --image over the compose image and records a pinned digest as the content hash', () => {
    const digest = `sha256:${'ab'.repeat(32)}`;
    const images = resolveServiceImages(project, parseImageOptions([`main=registry.local/main@${digest}`]));
    expect(images).toEqual([
      { service: 'main', ref: `registry.local/main@${digest}`, digest, source: `docker://registry.local/main@${digest}`, local: false },
      { service: 'metrics', ref: 'registry.local/metrics:1.0', source: 'docker://registry.local/metrics:1.0', local: false },
    ]);
  });

  it('takes a local OCI layout or archive only with --push, and docker:// as the registry transport', () => {
    expect(() => resolveServiceImages(project, { main: 'oci:/tmp/app:latest' })).toThrow('service "main": "oci:/tmp/app:latest" is an image on this machine, which devices cannot pull: add --push');
    expect(resolveServiceImages(project, { main: 'oci-archive:/tmp/app.tar', metrics: 'docker://registry.local/metrics:2' }, true)).toEqual([
      { service: 'main', ref: 'oci-archive:/tmp/app.tar', source: 'oci-archive:/tmp/app.tar', local: true },
      { service: 'metrics', ref: 'registry.local/metrics:2', source: 'docker://registry.local/metrics:2', local: false },
    ]);
    // A registry host called "oci" with a port is a registry reference, not a layout.
    expect(imageForReference('main', 'oci:5000/app:1')).toMatchObject({ ref: 'oci:5000/app:1', local: false });
    expect(() => imageForReference('main', 'docker://registry.local/a')).toThrow('is not an image reference');
  });

  it('names a build-only service that has no --image', () => {
    expect(() => resolveServiceImages(project, {})).toThrow('service "main" has no image: give --image main=<image reference>');
  });

  it('refuses an --image for a service the compose file does not have, and malformed options', () => {
    expect(() => resolveServiceImages(project, { main: 'a', api: 'b' })).toThrow('--image names service "api", which is not in the compose file');
    expect(() => parseImageOptions(['main'])).toThrow('must look like <service>=<image reference>');
    expect(() => parseImageOptions(['main='])).toThrow('must look like <service>=<image reference>');
    expect(() => parseImageOptions(['main=a', 'main=b'])).toThrow('names service "main" twice');
    expect(() => imageForReference('main', 'https://registry.local/a')).toThrow('is not an image reference');
    expect(() => imageForReference('main', 'a b')).toThrow('is not an image reference');
  });
});
