import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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

export type LazyComponent<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts (once) fetching the chunk; the app calls it for every matched route so nested pages load in parallel. */
  preload: () => Promise<unknown>;
};
export type LazyPage = LazyComponent;

/**
 * A component whose module is its own chunk. It suspends until the chunk arrives (the nearest Suspense;
 * navigations run in a transition, so the previous page stays up meanwhile) and throws a ChunkLoadError on
 * failure or after 120 s (the app's error boundary shows RouteErrorPage).
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => (pending ??= withTimeout(load()));
  return Object.assign(lazy(preload), { preload });
}

/** A page: a lazy component of the route table (default export, no props). */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyComponent(load);

export function isLazyPage(value: unknown): value is LazyPage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { preload?: unknown }).preload === 'function'
  );
}
