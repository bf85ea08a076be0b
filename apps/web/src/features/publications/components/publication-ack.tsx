import type { TChildAcknowledgement } from '@portal/contracts/families/publications';
import { AckButton, type TAckChild } from '../../../kits/inbox/ack-button.tsx';
import { useAcknowledgeCircularMutation, useAcknowledgePolicyMutation } from '../api.ts';

/** The children as the acknowledge kit takes them: who acknowledged, and when. */
const ackChildren = (children: readonly TChildAcknowledgement[]): TAckChild[] =>
  children.map((child) => ({
    enrollNumber: child.enrollNumber,
    name: child.childName,
    acknowledgedAt: child.acknowledgedAt,
    acknowledgedBy: child.acknowledgedBy,
  }));

type TAcknowledged = { id: string; children: readonly TChildAcknowledgement[] };

/** A button per child still to acknowledge a circular, one for all, and who acknowledged when. */
export function CircularAck({ circular }: { circular: TAcknowledged }) {
  const [acknowledge] = useAcknowledgeCircularMutation();
  return (
    <AckButton
      withTime
      childrenConcerned={ackChildren(circular.children)}
      onAcknowledge={(enrollNumbers) => acknowledge({ id: circular.id, enrollNumbers }).unwrap()}
    />
  );
}

/** The same for the current version of a school policy. */
export function PolicyAck({ policy }: { policy: TAcknowledged }) {
  const [acknowledge] = useAcknowledgePolicyMutation();
  return (
    <AckButton
      withTime
      childrenConcerned={ackChildren(policy.children)}
      onAcknowledge={(enrollNumbers) => acknowledge({ id: policy.id, enrollNumbers }).unwrap()}
    />
  );
}
