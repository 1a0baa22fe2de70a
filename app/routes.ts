import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** The route table, written out (SPEC §2 "Route list"). Unknown paths fall through to "*". */
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
