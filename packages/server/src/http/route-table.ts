/**
 * The API's route patterns, kept to tell "unknown path" (404) from "known path, wrong method" (405), which Fastify
 * does not distinguish by itself.
 */
export class RouteTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

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
    else this.routes.push({ pattern, methods: new Set(methods) });
  }

  /** The methods a path answers to; empty when no route matches it. */
  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    }
    return [...methods].sort();
  }
}
