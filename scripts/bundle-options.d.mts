import type { BuildOptions } from 'esbuild';

/** The esbuild options of the shipped bundle (see bundle-options.mjs). */
export declare const bundleOptions: BuildOptions;
