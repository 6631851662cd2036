import type sharpModule from 'sharp';

type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first image this process handles: loading it costs about 23 MB of resident
 * memory, which a server that has not yet been sent a photo or a profile picture does without (the embedded
 * database's first start held its idle RSS at the 250 MiB limit). The first image waits for the load once.
 */
export function loadSharp(): Promise<Sharp> {
  return (loading ??= import('sharp').then((module) => {
    // A CommonJS module: its export is the default.
    const sharp = module.default;
    // libvips keeps decoded images and operations for reuse; every image here is processed once, so the
    // cache would only hold memory.
    sharp.cache(false);
    // libvips would use every core for one image; the image pool already bounds how many run at once.
    sharp.concurrency(1);
    return sharp;
  }));
}
