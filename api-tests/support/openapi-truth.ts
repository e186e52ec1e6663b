import { expect } from 'vitest';
import { problemSchema } from '../../contract/envelope';
import type { ApiResponse, Method } from './client';

interface Schema {
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
}
interface Response {
  $ref?: string;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  responses?: Record<string, Response>;
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
  components?: { responses?: Record<string, Response> };
}

/** The refusal codes a problem answer declares: the `code` enum among its schema's parts. */
function declaredCodes(schema: Schema | undefined): unknown[] | undefined {
  return schema?.properties?.code?.enum ?? schema?.allOf?.map(declaredCodes).find(Boolean);
}

/**
 * Holds the server to its published OpenAPI document: every answer the API suite receives
 * must have a status the operation declares, under the content type it declares, and a
 * problem document must be one, with a `code` the operation lists for that status. Answers of undocumented paths (test hooks, unknown routes) pass.
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
      const stated = found.operation.responses?.[String(res.status)];
      // A refusal of one code is written once in components.responses and referred to.
      const declared = stated?.$ref ? doc.components?.responses?.[stated.$ref.split('/').pop()!] : stated;
      expect(declared, `${where}, which its OpenAPI operation does not declare`).toBeDefined();
      const contentType = res.headers['content-type']?.split(';')[0];
      if (declared?.content && contentType) {
        expect(Object.keys(declared.content), `${where} as ${contentType}`).toContain(contentType);
      }
      if (res.status >= 400) {
        expect(contentType, where).toBe('application/problem+json');
        expect(problemSchema.safeParse(res.json).success, `${where}: not a problem document: ${res.text}`).toBe(true);
        // Its code is one the operation lists for this status: a client may switch over them.
        const codes = declaredCodes(declared?.content?.['application/problem+json']?.schema);
        expect(codes, `${where} with code ${(res.json as { code?: string }).code}, not among those it declares`).toContain(
          (res.json as { code?: string }).code,
        );
      }
    },
  };
}
