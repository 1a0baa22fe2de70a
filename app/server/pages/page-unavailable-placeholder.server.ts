import { data } from "react-router";
// Stand-in until the shared page errors land; replaced by them.
export const PAGE_UNAVAILABLE_PLACEHOLDER = () => data(null, { status: 503, headers: { "Cache-Control": "no-store" } });
