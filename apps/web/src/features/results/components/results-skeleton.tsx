import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';
import { RecordListSkeleton } from '../../../kits/records/record-list-skeleton.tsx';

/** The legend panel's shape: a heading and a few bands. */
function LegendBones() {
  return (
    <div
      aria-hidden="true"
      className="animate-pulse space-y-3 rounded-2xl border border-slate-200 bg-white p-4 motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
    >
      <Bone className="h-5 w-32" />
      {[0, 1, 2, 3].map((band) => (
        <Bone key={band} className="h-4 w-full" />
      ))}
    </div>
  );
}

/** A results list with its legend beside it (below on a phone), as they will be, pulsing. */
export function ResultListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <RecordListSkeleton label={label} />
      <LegendBones />
    </div>
  );
}

/** The marksheet's shape: a grid of subjects by assessments, then the legend. */
export function MarksheetSkeleton() {
  return (
    <div className="space-y-6">
      <Skeleton className="space-y-3">
        <Bone className="h-16 w-full rounded-2xl" />
        <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} data-testid="marksheet-skeleton-row" className="flex gap-3">
              <Bone className="h-6 w-32" />
              <Bone className="h-6 flex-1" />
              <Bone className="h-6 flex-1" />
              <Bone className="h-6 w-20" />
            </div>
          ))}
        </div>
      </Skeleton>
      <LegendBones />
    </div>
  );
}
