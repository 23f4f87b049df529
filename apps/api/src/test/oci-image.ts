import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * A tiny OCI image layout directory (one layer with one file), written by hand so tests can
 * push real images with skopeo without a Docker daemon: `oci:<dir>:latest`.
 */

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A ustar archive of one regular file (POSIX header + data, padded to 512, two zero blocks). */
function tarOf(name: string, content: Buffer): Buffer {
  const header = Buffer.alloc(512);
  const put = (text: string, offset: number, length: number) => header.write(text, offset, length, 'ascii');
  const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, '0');
  put(name, 0, 100);
  put(`${octal(0o644, 8)}\0`, 100, 8);
  put(`${octal(0, 8)}\0`, 108, 8);
  put(`${octal(0, 8)}\0`, 116, 8);
  put(`${octal(content.length, 12)}\0`, 124, 12);
  put(`${octal(Math.floor(Date.now() / 1000), 12)}\0`, 136, 12);
  put('        ', 148, 8); // checksum counted as spaces
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const b of header) sum += b;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  const padded = Buffer.alloc(Math.ceil(content.length / 512) * 512);
  content.copy(padded);
  return Buffer.concat([header, padded, Buffer.alloc(1024)]);
}

export interface OciImage {
  /** The layout directory: `oci:<dir>:latest` for skopeo. */
  dir: string;
  manifestDigest: string;
  /** Bytes of config + layers, what a puller downloads besides the manifest. */
  blobBytes: number;
}

/** Writes a fresh image (random file content, so each image has its own digests). */
export function writeOciImage(parent = tmpdir()): OciImage {
  const dir = mkdtempSync(join(parent, 'oci-'));
  const blobs = join(dir, 'blobs', 'sha256');
  mkdirSync(blobs, { recursive: true });
  const blob = (data: Buffer) => {
    const hex = sha256(data);
    writeFileSync(join(blobs, hex), data);
    return { digest: `sha256:${hex}`, size: data.length };
  };
  const tar = tarOf('hello.txt', Buffer.from(`hello from a test image ${randomBytes(8).toString('hex')}\n`));
  const layer = blob(gzipSync(tar));
  const config = blob(
    Buffer.from(
      JSON.stringify({
        architecture: 'amd64',
        os: 'linux',
        config: { Cmd: ['/hello.txt'] },
        rootfs: { type: 'layers', diff_ids: [`sha256:${sha256(tar)}`] },
      }),
    ),
  );
  const manifest = blob(
    Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: 'application/vnd.oci.image.manifest.v1+json',
        config: { mediaType: 'application/vnd.oci.image.config.v1+json', ...config },
        layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip', ...layer }],
      }),
    ),
  );
  writeFileSync(join(dir, 'oci-layout'), JSON.stringify({ imageLayoutVersion: '1.0.0' }));
  writeFileSync(
    join(dir, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [{ mediaType: 'application/vnd.oci.image.manifest.v1+json', ...manifest, annotations: { 'org.opencontainers.image.ref.name': 'latest' } }],
    }),
  );
  return { dir, manifestDigest: manifest.digest, blobBytes: config.size + layer.size };
}
