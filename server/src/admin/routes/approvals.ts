/**
 * /admin/v1/users/{userId}/approvals and /admin/v1/approvals: four eyes. An operator asks for a change (a user's
 * e-mail address, or every factor removed); a second operator approves it, which makes it, or declines it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApprovalListQuerySchema,
  ApprovalParamsSchema,
  ApprovalSchema,
  ApprovalsSchema,
  NewApprovalSchema,
} from '../approval-schemas.js';
import { keyOrigin, requireScope, scopeOf, ADMIN_CHANGE, ADMIN_READ } from '../guard.js';
import type { AdminOperations } from '../operations.js';
import { UserParamsSchema } from '../schemas.js';

const TAGS = ['approvals'];
const read = { preHandler: requireScope('users:read'), config: ADMIN_READ };
const write = { preHandler: requireScope('users:write'), config: ADMIN_CHANGE };
const about = (operationId: string, summary: string) => ({ operationId, summary, tags: TAGS });

export const approvalRoutes: FastifyPluginAsyncTypebox<{ operations: AdminOperations }> = async (
  app,
  { operations: { approvals } },
) => {
  app.post(
    '/users/:userId/approvals',
    {
      ...write,
      schema: {
        ...about(
          'requestApproval',
          "Ask for a change a second operator must approve (the caller is the console's operator)",
        ),
        params: UserParamsSchema,
        body: NewApprovalSchema,
        response: { 201: ApprovalSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      return reply.code(201).send(await approvals.request(scopeOf(request), userId, request.body, keyOrigin(request)));
    },
  );

  app.get(
    '/approvals',
    {
      ...read,
      schema: {
        ...about('listApprovals', 'The changes waiting for a second operator, the oldest first'),
        querystring: ApprovalListQuerySchema,
        response: { 200: ApprovalsSchema },
      },
    },
    async (request) => ({ approvals: await approvals.waiting(scopeOf(request), request.query.userId) }),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/approvals/:id/${decision}`,
      {
        ...write,
        schema: {
          ...about(
            `${decision}Approval`,
            decision === 'approve'
              ? 'Approve a change another operator asked for: it is made at once, in the approver’s name'
              : 'Decline a change (or, by the operator who asked, withdraw it): nothing changes',
          ),
          params: ApprovalParamsSchema,
          response: { 200: ApprovalSchema },
        },
      },
      async (request) => approvals[decision](scopeOf(request), request.params.id, keyOrigin(request)),
    );
  }
};
