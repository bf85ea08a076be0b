import type { TDatabase } from '../db/client.ts';
import type { TActor, TRequestRow } from './request-workflow.ts';

// What a request kind does when the school decides it (docs/modules.md F5, "when approved"): leave
// excuses its days, an exit slip makes its gate code, a photocopy adds its fee line. The staff
// API's decision (modules/requests/staff-requests.ts) runs the kind's hook in the transaction
// of the decision, so the effect exists exactly when the decision does. A family hands its
// kinds' hooks to the staff API where the app registers it (app.ts), so families never import
// each other.

export type TRequestKindHooks = {
  /** Runs in the decision's transaction, right after the request moved to `approved`. */
  onApproved?: (tx: TDatabase, request: TRequestRow, actor: TActor) => Promise<void>;
  /** Runs in the decision's transaction, right after the request moved to `rejected`. */
  onRejected?: (tx: TDatabase, request: TRequestRow, actor: TActor) => Promise<void>;
};

/** The hooks of each request kind that has any, by kind. */
export type TRequestKindRegistry = Readonly<Partial<Record<string, TRequestKindHooks>>>;
