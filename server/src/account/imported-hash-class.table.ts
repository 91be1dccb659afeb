/**
 * A cost class of imported password hashes that the password tries on one cobrand's page pay for (signin's
 * legacy-pad.ts), in one of the cobrand's four slots: the primary key (cobrand, slot) bounds a cobrand's classes.
 */
export interface ImportedHashClassTable {
  cobrand: string;
  /** 0 to 3 (IMPORT_CEILINGS.classesPerCobrand - 1). */
  slot: number;
  cost_class: string;
  /** A hash of the class as it was imported: what the class's check on every other try is made on. */
  sample: string;
  /** When an import last took the class: a slot taken since a start began is not freed by it. */
  used_at: number;
}
