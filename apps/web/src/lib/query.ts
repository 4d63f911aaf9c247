import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { onSessionChange } from './auth-session.ts';

/**
 * A tiny cached-query layer instead of react-query: the first-paint budget (120 kB gzip) cannot afford
 * ~13 kB for it, and our screens need only "load once, share, refetch on demand".
 * Each API file exports `xxxQuery(...)` (the query options) and a hook built on useQuery.
 */
export type QueryOptions<T> = {
  /** Cache key; equal keys share one request and one result. */
  key: readonly unknown[];
  fn: () => Promise<T>;
  /** Do not run (e.g. signed out). */
  enabled?: boolean;
};

type Entry = {
  status: 'idle' | 'loading' | 'success' | 'error';
  data?: unknown;
  error?: unknown;
  promise?: Promise<void>;
};

const cache = new Map<string, Entry>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const hash = (key: readonly unknown[]) => JSON.stringify(key);
const IDLE: Entry = { status: 'idle' };

function run<T>(k: string, fn: () => Promise<T>): Promise<void> {
  const prev = cache.get(k);
  if (prev?.promise) return prev.promise;
  // An answer arriving after its entry was invalidated (logout, another user's login) is dropped.
  const settle = (next: Entry) => {
    if (cache.get(k)?.promise === promise) cache.set(k, next);
  };
  const promise: Promise<void> = fn().then(
    (data) => settle({ status: 'success', data }),
    (error: unknown) => settle({ status: 'error', error, data: prev?.data }),
  );
  cache.set(k, { ...(prev ?? IDLE), status: 'loading', promise });
  emit();
  return promise.finally(emit);
}

/** Drops cached results whose key starts with `prefix` (after logout, a language switch, a mutation). */
export function invalidateQueries(prefix: readonly unknown[] = []): void {
  const p = hash(prefix).slice(0, -1);
  for (const k of [...cache.keys()]) if (k.startsWith(p)) cache.delete(k);
  emit();
}

// Cached answers belong to the session that asked for them: a login, logout or lost session drops them all.
onSessionChange(() => invalidateQueries());

export type QueryResult<T> = {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  refetch: () => Promise<void>;
};

export function useQuery<T>(opts: QueryOptions<T>): QueryResult<T> {
  const k = hash(opts.key);
  const enabled = opts.enabled !== false;
  const entry = useSyncExternalStore(
    useCallback((l: () => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    }, []),
    () => cache.get(k) ?? IDLE,
  );
  // opts.fn is a new closure every render; the key alone identifies the request, so the latest fn is kept aside.
  const fn = useRef(opts.fn);
  fn.current = opts.fn;
  // Depending on the entry's status makes a mounted component load again once its entry is invalidated.
  const status = entry.status;
  useEffect(() => {
    if (enabled && (cache.get(k) ?? IDLE).status === 'idle') void run(k, fn.current);
  }, [k, enabled, status]);
  return {
    data: entry.data as T | undefined,
    error: entry.status === 'error' ? entry.error : undefined,
    isLoading: enabled && (entry.status === 'loading' || entry.status === 'idle'),
    refetch: () => run(k, fn.current),
  };
}

export type MutationResult<I, O> = {
  mutate: (input: I) => Promise<O>;
  isPending: boolean;
};

/** A call that changes something: tracks pending state; errors are already toasted by the api client. */
export function useMutation<I, O>(fn: (input: I) => Promise<O>): MutationResult<I, O> {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    async (input: I) => {
      setPending(true);
      try {
        return await fn(input);
      } finally {
        setPending(false);
      }
    },
    [fn],
  );
  return { mutate, isPending };
}
