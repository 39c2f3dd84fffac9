import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every page, listed explicitly (spec §2). The admin module is its own `route("admin", …)` group
 * beside the public layout (its static segment outranks the public catch-all, which only answers
 * paths nobody else claims); its route modules live in routes/admin/, its client code in admin/.
 */

/** Screens inside the guarded shell /admin/main: add a screen here, one line per route. */
const adminShell = [
  index("routes/admin/main-index.tsx"),
  route("profile", "routes/admin/profile.tsx"),
  route("securitate", "routes/admin/security.tsx"),
  route("categories", "routes/admin/categories.tsx"),
  route("categories/add", "routes/admin/category-form.tsx", { id: "admin-category-add" }),
  route("categories/edit/:uuid", "routes/admin/category-form.tsx", { id: "admin-category-edit" }),
  route("configuration", "routes/admin/configuration.tsx"),
  route("products", "routes/admin/products.tsx"),
  route("products/add", "routes/admin/product-edit.tsx", { id: "product-add" }),
  route("products/edit/:uuid", "routes/admin/product-edit.tsx", { id: "product-edit" }),
  route("banner", "routes/admin/banner.tsx"),
  route("leads", "routes/admin/leads.tsx"),
  route("leads/:id", "routes/admin/lead.tsx"),
  route("demand", "routes/admin/demand.tsx"),
  route("search-misses", "routes/admin/search-misses.tsx"),
  route("planificare", "routes/admin/planner.tsx"),
  route("oferte", "routes/admin/offers.tsx"),
  route("oferte/noua", "routes/admin/offer-edit.tsx", { id: "offer-new" }),
  route("oferte/:id", "routes/admin/offer.tsx"),
  route("oferte/:id/editare", "routes/admin/offer-edit.tsx", { id: "offer-edit" }),
  route("cos", "routes/admin/trash.tsx"),
  route("jurnal", "routes/admin/activity.tsx"),
  route("stare", "routes/admin/status.tsx"),
  route("echipa", "routes/admin/team.tsx"),
  route("*", "routes/admin/not-found.tsx"),
];

export default [
  index("routes/index-redirect.tsx"),
  layout("routes/public-layout.tsx", [
    route("home", "routes/home.tsx"),
    route("contact", "routes/contact.tsx"),
    route("categorie", "routes/offer.tsx"),
    route("categorie/:category_name", "routes/category.tsx"),
    route("categorie/:category_name/utilaj/:product_model", "routes/product.tsx"),
    // The machine's spec sheet (a PDF, decision 059): a resource route, no page of its own.
    route("categorie/:category_name/utilaj/:product_model/fisa-tehnica.pdf", "routes/spec-sheet.ts"),
    route("comparare", "routes/compare.tsx"),
    route("cautare", "routes/search.tsx"),
    route("version", "routes/version.tsx"),
    route("*", "routes/fallback.tsx"),
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index-redirect.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("reset", "routes/admin/reset-request.tsx"),
    route("reset/:token", "routes/admin/reset-password.tsx"),
    route("invitatie/:token", "routes/admin/invitation.tsx"),
    route("main", "routes/admin/main-layout.tsx", adminShell),
    route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
  ]),
] satisfies RouteConfig;
