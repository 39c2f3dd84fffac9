import type { VersionView } from "../common/catalogue/catalogue-views.ts";

/** Replaced at build time by vite.config.ts (`define`): what git knew of the checkout the UI was built from. */
declare const __UI_BUILD__: VersionView;

/**
 * The UI's own build info (spec §2 /version): its version, short hash, subject, dates, branch and
 * tags, fixed when the bundle was built, beside the API's (read by the server when it starts).
 */
export const UI_BUILD: VersionView = __UI_BUILD__;
