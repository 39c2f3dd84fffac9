import path from "node:path";
import type { PageBundle } from "../../common/pages/page-bundles.ts";

/** The module of one of the page build's server bundles in the checkout at `root` (react-router.config.ts). */
export function pageBundleFile(root: string, bundle: PageBundle): string {
  return path.join(root, "build", "server", bundle, "index.js");
}
