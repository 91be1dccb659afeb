export interface CobrandTable {
  name: string;
  abbreviation: string;
  /** JSON `{record, footer}`: the catalogue record (see CobrandRecordSchema) and its resolved footer. */
  record: string;
  /** Content hash of `record`, used as the ETag. */
  version: string;
  updated_at: number;
}
