import type { BrowserContext } from "@playwright/test";

export type WeighedFile = { file: string; type: "script" | "stylesheet"; raw: number; gzip: number };

/** Every script and stylesheet a first visit of `url` downloads, in a new page of `context`. */
export function pageWeight(context: BrowserContext, url: string): Promise<WeighedFile[]>;

/** The gzip bytes of JS and CSS together: what a page's budget counts. */
export function gzipBytes(files: WeighedFile[]): number;
