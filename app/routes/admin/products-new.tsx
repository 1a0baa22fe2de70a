/**
 * /admin/products/new: the new-product form is the products management page itself, opened
 * on an empty form. Same module; the loader sees the path and opens it ('Add New Product').
 */
export { action, default, loader } from "./products";
