import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCareModule, TCareRecord } from '@portal/contracts/families/care';
import type { TPageChild } from '../../../components/module/child-module-page.tsx';
import type { TCareAnswer } from '../api.ts';
import type { TSummaryTile } from '../components/care-summary.tsx';
import { CounsellingRequestForm } from '../components/counselling-request-form.tsx';
import { IncidentAck } from '../components/incident-ack.tsx';
import { MedicalProfile } from '../components/medical-profile.tsx';
import { MedicalUpdateForm } from '../components/medical-update-form.tsx';
import { RecordComments } from '../components/record-comments.tsx';
import { RecordTargets } from '../components/record-targets.tsx';
import { WellbeingSupport } from '../components/wellbeing-support.tsx';
import { WorkLink } from '../components/work-link.tsx';

/**
 * How a care module's page differs from the others (docs/decisions/018-module-families.md: one
 * record shape and one timeline serve all nine): how its records show, which counts it sums up,
 * and what it adds above its records or to each of them.
 */
export interface TCareView {
  /** A timeline by month, a table-like list, or a grid of cards. */
  layout: 'timeline' | 'list' | 'grid';
  tiles: readonly TSummaryTile[];
  /** Shown above the records (a profile, where to find support, a request button). */
  top?: (answer: TCareAnswer, child: TPageChild) => ReactNode;
  /** A heading over the records when something else comes first ("Clinic visits"). */
  recordsHeading?: 'medical.visits';
  /** The page lists the parent's own requests (medical updates, meetings). */
  requests?: boolean;
  /** More of a record under its detail. */
  body?: (record: TCareRecord, child: TPageChild) => ReactNode;
  /** What the parent can do with a record. */
  actions?: (record: TCareRecord, child: TPageChild) => ReactNode;
}

const plain = ['total', 'latest'] as const;

const planBody = (module: 'goalSetting' | 'improvement') =>
  function PlanBody(record: TCareRecord, child: TPageChild) {
    return (
      <div className="space-y-4">
        <RecordTargets targets={record.targets} />
        <RecordComments record={record} module={module} enrollNumber={child.enrollNumber} />
      </div>
    );
  };

function CounsellingTop({ child }: { child: TPageChild }) {
  const { t } = useTranslation('care');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-pink-200 bg-pink-50 p-4 text-sm text-pink-950 dark:border-pink-900 dark:bg-pink-950/40 dark:text-pink-50">
      <p className="min-w-0 flex-1 basis-64">{t('counselling.intro')}</p>
      <CounsellingRequestForm enrollNumber={child.enrollNumber} />
    </div>
  );
}

export const careViews: Record<TCareModule, TCareView> = {
  meritDemerit: { layout: 'list', tiles: ['balance', 'merits', 'demerits', 'latest'] },
  incidents: {
    layout: 'timeline',
    tiles: ['toAcknowledge', 'total', 'latest'],
    actions: (record, child) => <IncidentAck record={record} child={child} />,
  },
  medical: {
    layout: 'timeline',
    tiles: plain,
    recordsHeading: 'medical.visits',
    requests: true,
    top: (answer, child) => (
      <MedicalProfile
        profile={answer.profile ?? null}
        childName={child.name}
        action={<MedicalUpdateForm enrollNumber={child.enrollNumber} />}
      />
    ),
  },
  counselling: {
    layout: 'timeline',
    tiles: plain,
    requests: true,
    top: (_answer, child) => <CounsellingTop child={child} />,
  },
  wellbeing: {
    layout: 'timeline',
    tiles: plain,
    top: (_answer, child) => <WellbeingSupport childName={child.name} />,
  },
  goalSetting: { layout: 'timeline', tiles: ['open', 'total', 'latest'], body: planBody('goalSetting') },
  improvement: { layout: 'timeline', tiles: ['open', 'total', 'latest'], body: planBody('improvement') },
  portfolio: { layout: 'grid', tiles: plain },
  gntPortfolio: {
    layout: 'timeline',
    tiles: plain,
    body: (record) => (record.link ? <WorkLink link={record.link} /> : null),
  },
};
