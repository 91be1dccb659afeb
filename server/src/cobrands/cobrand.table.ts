export interface CobrandTable {
  name: string;
  abbreviation: string;
  /** The catalogue record as JSON (see CobrandRecordSchema). */
  record: string;
  /** Content hash of `record`, used as the ETag. */
  version: string;
  updated_at: number;
}
