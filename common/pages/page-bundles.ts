/**
 * The page build's server bundles (react-router.config.ts `serverBundles`): the admin's routes in a
 * bundle of their own, so that an instance serving the public site never loads the admin's UI
 * (Mantine, TipTap, ProseMirror: about 10 MB), which renders in the browser but for its login pages.
 * Each bundle holds the root route too.
 */
export const PAGE_BUNDLES = ["public", "admin"] as const;

export type PageBundle = (typeof PAGE_BUNDLES)[number];

/** The first path segment of every admin route (app/routes.ts). */
export const ADMIN_SEGMENT = "admin";

/**
 * The bundle whose routes answer a page address: the admin's for `/admin`, `/admin/…` and the data
 * request of `/admin` (`/admin.data`), the public one for any other. The segment is decoded as
 * React Router decodes it before matching (`/%61dmin` is `/admin` to it).
 */
export function pageBundleOf(pathname: string): PageBundle {
  const segments = pathname.split("/");
  const first = segments.length === 2 ? segments[1].replace(/\.data$/, "") : (segments[1] ?? "");
  return decodedSegment(first) === ADMIN_SEGMENT ? "admin" : "public";
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
