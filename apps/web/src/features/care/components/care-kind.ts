import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FolderOpen,
  HeartHandshake,
  HeartPulse,
  Sparkles,
  Stethoscope,
  Target,
  ThumbsDown,
  ThumbsUp,
  TrendingUp,
  TriangleAlert,
  type LucideIcon,
} from 'lucide-react';
import type { TCareKind } from '@portal/contracts/families/care';
import type { TTimelineKind } from '../../../kits/records/record-entry.tsx';

/** How each kind of care record shows: an icon and colours, always beside its word. */
const careKindLook: Record<TCareKind, { icon: LucideIcon; tone: string }> = {
  merit: {
    icon: ThumbsUp,
    tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-100',
  },
  demerit: { icon: ThumbsDown, tone: 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-100' },
  incident: {
    icon: TriangleAlert,
    tone: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  },
  medicalVisit: {
    icon: Stethoscope,
    tone: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-100',
  },
  counselling: {
    icon: HeartHandshake,
    tone: 'bg-pink-100 text-pink-800 dark:bg-pink-900/60 dark:text-pink-100',
  },
  wellbeing: { icon: HeartPulse, tone: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-100' },
  goal: { icon: Target, tone: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/60 dark:text-indigo-100' },
  improvementPlan: {
    icon: TrendingUp,
    tone: 'bg-teal-100 text-teal-800 dark:bg-teal-900/60 dark:text-teal-100',
  },
  portfolio: {
    icon: FolderOpen,
    tone: 'bg-orange-100 text-orange-900 dark:bg-orange-900/60 dark:text-orange-100',
  },
  gnt: {
    icon: Sparkles,
    tone: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-900/60 dark:text-fuchsia-100',
  },
};

/** The timeline chip of a kind of care record, in the page's language. */
export function useCareKind(): (kind: TCareKind) => TTimelineKind {
  const { t } = useTranslation('care');
  return useCallback((kind: TCareKind) => ({ ...careKindLook[kind], label: t(`kind.${kind}`) }), [t]);
}
