import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * Every page, listed explicitly (spec §2). The admin module will come as its own `route("admin", …)`
 * group beside the public layout: its static segment outranks the catch-all below, which only
 * answers paths nobody else claims.
 */
export default [
  index("routes/index-redirect.tsx"),
  layout("routes/public-layout.tsx", [
    route("home", "routes/home.tsx"),
    route("contact", "routes/contact.tsx"),
    route("categorie", "routes/offer.tsx"),
    route("categorie/:category_name", "routes/category.tsx"),
    route("categorie/:category_name/utilaj/:product_model", "routes/product.tsx"),
    route("version", "routes/version.tsx"),
    route("*", "routes/fallback.tsx"),
  ]),
] satisfies RouteConfig;
