// The parts of the answers the read-cache suites read, one instance or two.

export type TProfile = {
  children: { sims_student_enroll_number: string; sims_student_full_name: string }[];
};
export type TFees = { items: { id: string; paidMinor: number }[] };
export type TCirculars = {
  toAcknowledge: number;
  items: { id: string; children: { enrollNumber: string; acknowledgedAt: string | null }[] }[];
};
