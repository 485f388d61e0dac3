/**
 * The API's route patterns, kept to tell "unknown path" (404) from "known path, wrong method" (405), which Fastify
 * does not distinguish by itself, and to list the routes at the API's index (`GET /`).
 */
export class RouteTable {
  private readonly routes: { url: string; pattern: RegExp; methods: Set<string> }[] = [];

  add(url: string, methods: readonly string[]): void {
    const source = url
      .split('/')
      .map((part) => {
        if (part.startsWith(':')) return '[^/]+';
        if (part === '*') return '.*';
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    const pattern = new RegExp(`^${source}/?$`);
    const existing = this.routes.find((r) => r.pattern.source === pattern.source);
    if (existing) methods.forEach((m) => existing.methods.add(m));
    else this.routes.push({ url, pattern, methods: new Set(methods) });
  }

  /** The methods a path answers to; empty when no route matches it. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    }
    return [...methods].sort();
  }

  /** Every route as registered: its URL (with `:name` parameters) and its methods, sorted. */
  entries(): { url: string; methods: string[] }[] {
    return this.routes.map((route) => ({ url: route.url, methods: [...route.methods].sort() }));
  }
}
