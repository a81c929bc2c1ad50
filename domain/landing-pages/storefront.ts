/** Where a published landing page is seen on the storefront. */

/**
 * The content asset's storefront URL through SFRA's Page-Show controller, which serves any online
 * content asset by id without a URL rule (the site's library is named after the site).
 */
export function storefrontUrl(
  host: string,
  siteId: string,
  locale: string,
  assetId: string,
): string {
  const site = encodeURIComponent(siteId);
  return `https://${host}/on/demandware.store/Sites-${site}-Site/${encodeURIComponent(locale)}/Page-Show?cid=${encodeURIComponent(assetId)}`;
}
