import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageId } from '@portal/contracts/messages';
import {
  PUBLICATION_FILE_PATHS,
  publicationEndpoints,
  ZIdParams,
  type TPolicy,
} from '@portal/contracts/families/publications';
import { ApiError, notYourChild } from '../../api-error.ts';
import type { TDatabase } from '../../db/client.ts';
import { acknowledge } from '../../kits/acknowledgements.ts';
import { addEndpoint } from '../../plugins/endpoint-route.ts';
import { noticeDuePolicies, POLICY_NOTICE_INTERVAL_MS } from './policy-notices.ts';
import {
  familyChildren,
  policiesOf,
  POLICY_ACK_SUBJECT,
  policySubjectId,
  publishedPolicies,
} from './policy-repository.ts';
import { PDF_ROUTE_OPTIONS, sendPublicationFile } from './publication-files.ts';

// The school's policies (module `schoolPolicies`, docs/modules.md F4): the list with every child's
// acknowledgement of each policy's current version, the acknowledgement of a version for
// children the parent names (the first one of each child is kept; a new version asks again),
// and a policy's PDF. The children are checked first (403 A002), then the policy: one not
// published, removed or unknown does not exist (404 N404), nor does the acknowledgement of a
// policy that asks for none.

const ok = { success: true, messageId: MessageId.ok } as const;

const noSuchPolicy = () => new ApiError(404, MessageId.notFound, 'No such policy');

/** The policy as the parent sees it, or 404. */
async function requirePolicy(db: TDatabase, session: { schoolId: string; parentId: string }, id: string) {
  const [policy] = await policiesOf(db, session, id);
  if (!policy) throw noSuchPolicy();
  return policy;
}

/** GET policies, POST policies/:id/acknowledge and GET policies/:id/file (module schoolPolicies). */
export function policyRoutes(app: FastifyInstance, db: TDatabase): void {
  addEndpoint(app, publicationEndpoints.policies, async (request) => ({
    ...ok,
    items: await policiesOf(db, request.session),
  }));

  addEndpoint(app, publicationEndpoints.acknowledgePolicy, async (request) => {
    const { session } = request;
    const wanted = [...new Set(request.body.enrollNumbers)];
    const own = new Set((await familyChildren(db, session)).map((child) => child.enrollNumber));
    if (wanted.some((enrollNumber) => !own.has(enrollNumber))) throw notYourChild();
    const policy: TPolicy = await requirePolicy(db, session, request.params.id);
    if (!policy.requiresAck) throw noSuchPolicy();
    await acknowledge(
      db,
      {
        schoolId: session.schoolId,
        subjectKind: POLICY_ACK_SUBJECT,
        subjectId: policySubjectId(policy.id, policy.version),
      },
      session.parentId,
      wanted,
    );
    return { ...ok, item: await requirePolicy(db, session, policy.id) };
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      PUBLICATION_FILE_PATHS.policyFile,
      { config: { module: 'schoolPolicies' }, schema: { params: ZIdParams }, ...PDF_ROUTE_OPTIONS },
      async (request, reply) => {
        const [policy] = await publishedPolicies(db, request.session.schoolId, request.params.id);
        if (!policy?.file) throw new ApiError(404, MessageId.notFound, 'No such file');
        return sendPublicationFile(reply, db, request.session.schoolId, policy.file);
      },
    );

  // Policies published for a later time are told when their time comes (policy-notices.ts).
  app.runEvery('policy-notices', POLICY_NOTICE_INTERVAL_MS, async () => {
    await noticeDuePolicies(db);
  });
}
