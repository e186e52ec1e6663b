import { expect } from 'vitest';
import { problemSchema } from '../../contract/envelope';
import type { ApiResponse, Method } from './client';

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
}

/**
 * Holds the server to its published OpenAPI document: every answer the API suite receives
 * must have a status the operation declares, under the content type it declares, and a
 * problem document must be one. Answers of undocumented paths (test hooks, unknown routes) pass.
 */
export function openApiTruth(doc: OpenApiDocument) {
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const operations = Object.entries(doc.paths)
    .map(([template, item]) => ({
      template,
      item,
      pattern: new RegExp(
        `^/${template
          .replace(/^\//, '')
          .split(/\{[^}]+\}/)
          .map(literal)
          .join('[^/]+')}$`,
      ),
    }))
    // The most literal template first: `/claim-records/{id}.csv` before `/claim-records/{id}`.
    .sort((a, b) => b.template.replace(/\{[^}]+\}/g, '').length - a.template.replace(/\{[^}]+\}/g, '').length);
  return {
    operationOf(method: Method, path: string) {
      const pathname = `/${path.split('?')[0]!.replace(/^\//, '')}`;
      const found = operations.find((o) => o.pattern.test(pathname) && o.item[method.toLowerCase() as Lowercase<Method>]);
      return found && { template: found.template, operation: found.item[method.toLowerCase() as Lowercase<Method>]! };
    },
    check(method: Method, path: string, res: ApiResponse) {
      const found = this.operationOf(method, path);
      if (!found) return;
      const where = `${method} ${found.template} answered ${res.status}`;
      const declared = found.operation.responses?.[String(res.status)];
      expect(declared, `${where}, which its OpenAPI operation does not declare`).toBeDefined();
      const contentType = res.headers['content-type']?.split(';')[0];
      if (declared?.content && contentType) {
        expect(Object.keys(declared.content), `${where} as ${contentType}`).toContain(contentType);
      }
      if (res.status >= 400) {
        expect(contentType, where).toBe('application/problem+json');
        expect(problemSchema.safeParse(res.json).success, `${where}: not a problem document: ${res.text}`).toBe(true);
      }
    },
  };
}
