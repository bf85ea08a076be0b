import { Bone, Skeleton } from '../../../components/ui/skeleton.tsx';

/** A chart panel's shape: its heading, the view switch and the plot, pulsing. */
function ChartBones() {
  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex justify-between gap-3">
        <Bone className="h-5 w-40" />
        <Bone className="h-11 w-40 rounded-xl" />
      </div>
      <Bone className="h-4 w-2/3" />
      <Bone className="h-64 w-full rounded-xl" />
    </div>
  );
}

/** The insights page as it will be: two highlight cards, then the results and attendance charts. */
export function InsightsSkeleton() {
  return (
    <Skeleton className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-2">
        <Bone className="h-20 rounded-2xl" />
        <Bone className="h-20 rounded-2xl" />
      </div>
      <ChartBones />
      <ChartBones />
    </Skeleton>
  );
}
