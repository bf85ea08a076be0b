import type { TCareRecord } from '@portal/contracts/families/care';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import { AckButton } from '../../../kits/inbox/ack-button.tsx';
import { useAcknowledgeIncidentMutation } from '../api.ts';

/** "Acknowledge for Omar" on an incident that asks for it; once done, the day it was acknowledged. */
export function IncidentAck({ record, child }: { record: TCareRecord; child: TPageChild }) {
  const [acknowledge] = useAcknowledgeIncidentMutation();
  if (!record.requiresAck) return null;
  return (
    <AckButton
      childrenConcerned={[{ ...child, acknowledgedAt: record.acknowledgedAt }]}
      onAcknowledge={() => acknowledge({ id: record.id, enrollNumber: child.enrollNumber }).unwrap()}
    />
  );
}
