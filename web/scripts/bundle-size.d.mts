// Types of bundle-size.mjs for the budget test (src/bundleBudget.test.ts).
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;
export interface RouteChunk {
  src: string;
  file: string;
  bytes: number;
  onDemandBytes: number;
}
export interface BundleSizes {
  login: { files: string[]; bytes: number };
  largestRoute: RouteChunk | null;
  routeChunks: number;
}
export const LOGIN_BUDGET_BYTES: number;
export const DEFAULT_DIST: string;
export class MissingBuildError extends Error {}
export function readManifest(dist?: string): Manifest;
export function staticClosure(manifest: Manifest, roots: string[]): string[];
export function loginRouteKey(manifest: Manifest): string;
export function measure(dist?: string): BundleSizes;
export function table(result: BundleSizes): string;
