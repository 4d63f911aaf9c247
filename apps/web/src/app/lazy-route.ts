import type { ComponentType } from 'react';

/** Spec sections 8 and 9: a lazy chunk that has not arrived after 120 s is a chunk-load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withTimeout<T>(promise: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e instanceof Error ? e.message : 'chunk load failed'));
      },
    );
  });
}

/** A route's `lazy` loader: the module's default export becomes the route Component. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    const mod = await withTimeout(load());
    return { Component: mod.default };
  };
}
