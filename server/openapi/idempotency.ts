import { IDEMPOTENCY_KEY_HOURS, IDEMPOTENCY_KEY_PATTERN } from '../../domain/idempotency';
import { problems } from '../../domain/problems';
import type { Operation } from './document';

/**
 * What a write that takes an `Idempotency-Key` (domain/idempotency.ts) adds to its route: the
 * header, the mark on an answer given again, and the two refusals of a key.
 */
export function idempotentWrite(createdStatus: number) {
  return {
    problems: [problems.idempotencyKeyMalformed, problems.idempotencyKeyReused],
    openapi: {
      parameters: [
        {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: `Names this write so that sending it again writes nothing: the same request under the same key within ${IDEMPOTENCY_KEY_HOURS} hours (per user) is answered with the first answer; another request under it is refused (422). Kept only with a write that was made.`,
          schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
        },
      ],
      responses: {
        [createdStatus]: {
          headers: {
            'Idempotent-Replayed': {
              description: '`true` when this is the first answer given again (the request came again under its Idempotency-Key)',
              schema: { type: 'string', enum: ['true'] },
            },
          },
        },
      },
    } satisfies Partial<Operation>,
  };
}
