import type { Config } from "@react-router/dev/config";
import { ADMIN_SEGMENT, type PageBundle } from "./common/pages/page-bundles.ts";

export default {
  appDirectory: "app",
  ssr: true,
  // Two page server bundles, build/server/public/ and build/server/admin/ (common/pages/page-bundles.ts):
  // a route's branch starts with the root, then its top-level route.
  serverBundles: ({ branch }): PageBundle => (branch[1]?.path === ADMIN_SEGMENT ? "admin" : "public"),
} satisfies Config;
