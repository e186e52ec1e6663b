import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formulaEvaluateRequestSchema, formulaEvaluateResponseSchema } from '../../contract/formulas';
import { apiPaths } from '../../contract/paths';
import { guards } from '../../domain/access';
import { previewFormula } from '../../domain/catalogues';
import { problems } from '../../domain/problems';

/** The formula screen's preview: the same evaluator the claim records use, nothing stored. */
export const formulaEvaluateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `/${apiPaths.formulaEvaluate}`,
    {
      config: { problems: [problems.formulaInvalid] },
      onRequest: app.requirePrivilege(guards.formulaEvaluate),
      schema: {
        operationId: 'evaluateFormula',
        summary: 'Evaluate an expression',
        description: 'What an expression gives for the values given (qty, rate, contractValue, repeatCount), rounded half-up to 2 places',
        security: [{ bearer: [] }],
        body: formulaEvaluateRequestSchema,
        response: { 200: formulaEvaluateResponseSchema },
      },
    },
    async (request) => {
      const { expression, variables } = request.body;
      return { data: { result: previewFormula(expression, variables) } };
    },
  );
};
