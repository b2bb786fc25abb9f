/**
 * The demo app's API products and their resource paths, as Apigee matches them: `/**` covers a
 * path and everything below it, `/*` one more segment, anything else the exact path. By default
 * the products cover every path; the `productPaths` switch narrows them, and `addedProductPaths`
 * adds a product at run time. A token keeps the product names it was minted with (a snapshot), so
 * a token minted before a product was added does not carry it.
 */
import type { ApigeeSwitches } from './apigee-switches';

/** A product name with spaces on purpose: clients must not split `api_product_list` on spaces. */
export const API_PRODUCTS = ['Partner API Sandbox', 'Partner Reports'] as const;
/** The product the `addedProductPaths` switch adds to the app. */
export const ADDED_PRODUCT = 'Partner Extras';

export interface ApiProduct {
  name: string;
  paths: readonly string[];
}

type ProductSwitches = Pick<ApigeeSwitches, 'productPaths' | 'addedProductPaths'>;

/** The app's products now. */
export function appProducts(switches: ProductSwitches): ApiProduct[] {
  const paths = switches.productPaths ?? ['/**'];
  const products: ApiProduct[] = API_PRODUCTS.map((name) => ({ name, paths }));
  if (switches.addedProductPaths !== null) {
    products.push({ name: ADDED_PRODUCT, paths: switches.addedProductPaths });
  }
  return products;
}

/** Whether a resource path pattern covers a request path. */
export function pathMatches(pattern: string, path: string): boolean {
  if (pattern === '/**' || pattern === '/') return true;
  if (pattern.endsWith('/**')) {
    const prefix = pattern.slice(0, -3);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2);
    return path.startsWith(`${prefix}/`) && !path.slice(prefix.length + 1).includes('/');
  }
  return path === pattern || path === `${pattern}/`;
}

/** Whether any of the named products (as the app defines them now) covers the path. */
export function productsCover(
  names: readonly string[],
  path: string,
  switches: ProductSwitches,
): boolean {
  return appProducts(switches).some(
    (product) =>
      names.includes(product.name) && product.paths.some((pattern) => pathMatches(pattern, path)),
  );
}
