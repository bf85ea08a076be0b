import { Bone, Skeleton } from '../../components/ui/skeleton.tsx';

const RECORDS = 3;

/** The timeline's shape while its records load: a month heading and its records, pulsing. */
export function RecordTimelineSkeleton() {
  return (
    <Skeleton className="space-y-3">
      <Bone className="h-6 w-36" />
      <ul className="ms-3.5 space-y-4 border-s-2 border-slate-200 ps-6 dark:border-slate-700">
        {Array.from({ length: RECORDS }, (_, index) => (
          <li
            key={index}
            data-testid="timeline-skeleton"
            className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="flex items-center gap-2">
              <Bone className="h-5 w-24 rounded-full" />
              <Bone className="ms-auto h-4 w-16" />
            </div>
            <Bone className="h-5 w-2/3" />
            <Bone className="h-4 w-full" />
          </li>
        ))}
      </ul>
    </Skeleton>
  );
}
