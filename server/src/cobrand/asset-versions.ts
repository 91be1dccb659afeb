/**
 * A cobrand file's version (a hash of its bytes) and, for an image, its size: pages name a logo or theme by an address
 * that carries the version, which the browser may then keep for good (routes.ts answers it `immutable`), and give the
 * logo its width and height, so nothing moves when it arrives. Read again only when the file changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { imageSize } from 'image-size';

export interface AssetVersion {
  hash: string;
  size: { width: number; height: number } | null;
}

/** Enough for every cobrand's logo and theme; beyond it the memory starts again. */
const MAX_FILES = 500;
const known = new Map<string, { stamp: string; version: AssetVersion }>();

function sizeOf(bytes: Buffer): AssetVersion['size'] {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Null when there is no such file. */
export function assetVersion(file: string, image: boolean): AssetVersion | null {
  let stamp: string;
  try {
    const stat = statSync(file);
    stamp = `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
  const cached = known.get(file);
  if (cached?.stamp === stamp) return cached.version;
  const bytes = readFileSync(file);
  const version = {
    hash: createHash('sha256').update(bytes).digest('base64url').slice(0, 16),
    size: image ? sizeOf(bytes) : null,
  };
  if (known.size >= MAX_FILES) known.clear();
  known.set(file, { stamp, version });
  return version;
}
