import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/**
 * The TypeScript types openapi-typescript makes of the OpenAPI document, as a client generator
 * would (binary parts as `Blob`, so an upload is typed); openapi-fetch calls the API with them.
 */
export async function clientTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, {
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  return `// Made by openapi-typescript from /api/openapi.json (npm run openapi:client); not committed.\n${astToString(ast)}`;
}
