/**
 * The documentation search the support drawer opens: the deployment's documentation URL with
 * the words as `q` (a blank search opens the documentation itself).
 */
export function docsSearchUrl(docs: string, query: string): string {
  const url = new URL(docs);
  const words = query.trim();
  if (words !== '') url.searchParams.set('q', words);
  return url.href;
}
