/**
 * The product page's lazy route chunk (src/app/slug-page.tsx), warmed by a product link while the
 * finger is still on it (src/storefront/catalog/product-link.tsx). The shell registers the loader
 * (src/app/routes.tsx) because a screen that imported the shell's page would close an import cycle:
 * the shell imports the screens (docs/architecture.md "Layers and dependency rules").
 */
let load: (() => Promise<unknown>) | null = null;

/** Called once by the routes with the same loader their `/:slug` route uses. */
export function registerProductPageChunk(loader: () => Promise<unknown>): void {
  load = loader;
}

/** Starts downloading the chunk (a no-op before the routes registered it); failures are ignored. */
export function warmProductPageChunk(): void {
  if (load) void load().catch(() => undefined);
}
