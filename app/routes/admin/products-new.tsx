/**
 * /admin/products/new: the spec's "new product form, the same page as the products management
 * page". Same module; the loader sees the path and opens the empty form ('Add New Product').
 */
export { action, default, loader } from "./products";
