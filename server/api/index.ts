import { etag } from "hono/etag";
import { HttpError } from "../core/errors.ts";
import { activityRoutes } from "./activity.ts";
import { authRoutes } from "./auth.ts";
import { availabilityRoutes } from "./availability.ts";
import { bannerRoutes } from "./banners.ts";
import { bookingRoutes } from "./bookings.ts";
import { catalogueExportRoutes } from "./catalogue-export.ts";
import { catalogueImportRoutes } from "./catalogue-import.ts";
import { categoryRoutes } from "./categories.ts";
import { configurationRoutes } from "./configuration.ts";
import { documentationRoutes } from "./documentation.ts";
import { leadRoutes } from "./leads.ts";
import { contactRoutes } from "./contact.ts";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi.ts";
import { offerRoutes } from "./offers.ts";
import { offerLinkRoutes } from "./offer-links.ts";
import { productRoutes } from "./products.ts";
import { searchRoutes } from "./search.ts";
import { securityRoutes } from "./security.ts";
import { trashRoutes } from "./trash.ts";
import { statusRoutes } from "./status.ts";
import { revisionRoutes } from "./revisions.ts";
import { teamRoutes } from "./team.ts";
import { versionView } from "./reply-schemas.ts";
import { apiRouter, jsonReply, publicRoute } from "./route-factory.ts";

/** Every call under /api; each router is an OpenAPIHono whose routes carry their own documentation. */
export const apiRoutes = apiRouter();
apiRoutes
  .use("*", async (c, next) => {
    await next();
    // Public reads revalidate cheaply with the ETag; nothing here is cached blindly. HEAD mirrors GET.
    if ((c.req.method === "GET" || c.req.method === "HEAD") && !c.res.headers.has("Cache-Control")) {
      c.header("Cache-Control", "public, max-age=0, must-revalidate");
    }
  })
  .use(etag());
apiRoutes
  .route("/", authRoutes)
  .route("/category", categoryRoutes)
  .route("/product", productRoutes)
  .route("/catalogue", catalogueExportRoutes)
  .route("/catalogue", catalogueImportRoutes)
  .route("/banner", bannerRoutes)
  .route("/configuration", configurationRoutes)
  .route("/contact", contactRoutes)
  .route("/contact/requests", leadRoutes)
  .route("/bookings", bookingRoutes)
  .route("/offers", offerRoutes)
  .route("/offer-links", offerLinkRoutes)
  .route("/availability", availabilityRoutes)
  .route("/search", searchRoutes)
  .route("/activity", activityRoutes)
  .route("/trash", trashRoutes)
  .route("/revisions", revisionRoutes)
  .route("/status", statusRoutes)
  .route("/security", securityRoutes)
  .route("/", teamRoutes)
  .openapi(
    publicRoute({
      method: "get",
      path: "/version",
      operationId: "getVersion",
      tags: ["version"],
      summary: "The running version",
      responses: { 200: jsonReply("The package version and the checkout's last commit.", versionView) },
    }),
    (c) => c.json(c.var.services.version, 200),
  );

let document: OpenApiDocument | undefined;
/** The document of every route above (and of the two documentation routes, registered next). */
export function apiDocument(): OpenApiDocument {
  document ??= buildOpenApiDocument(apiRoutes);
  return document;
}

apiRoutes.route("/", documentationRoutes(apiDocument)).all("*", () => {
  throw new HttpError(404, "ERROR_NOT_FOUND");
});
