import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips), loaded by the first image that needs it rather than at every start of the server: 87-133 ms of CPU
 * (2026-12-02/03) that a start spends before any upload, captcha or face check asks for it.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
