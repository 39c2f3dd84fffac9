import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/index-redirect.tsx"),
    route("home", "routes/home.tsx"),
  ]),
  route("*", "routes/fallback.tsx"),
] satisfies RouteConfig;
